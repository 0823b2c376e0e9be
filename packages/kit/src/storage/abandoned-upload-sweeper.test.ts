import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKUP_LEASE_MS, BackupHold, HeldRemovals, LocalDiskStorage } from '@hub/runtime';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { AbandonedUploadSweeper, BackupHoldSweeper } from './abandoned-upload-sweeper.js';

let folder: string;
let store: LocalDiskStorage;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'hold-sweeper-'));
  store = new LocalDiskStorage(folder);
});

afterEach(() => rmSync(folder, { recursive: true, force: true }));

it('drops on local disk too what a killed backup kept aside, once its lease expired', async () => {
  await store.put('org/1/photo.png', Buffer.from('p'), 'image/png');
  const killedAt = Date.now();
  await new BackupHold(store).begin('killed', new Date(killedAt), killedAt);
  await new HeldRemovals(store).remove('org/1/photo.png');
  // Local disk has no multipart uploads, which stops the upload sweeper only.
  expect(await new AbandonedUploadSweeper(store, 24).sweep()).toBe(0);
  const sweeper = new BackupHoldSweeper(store);
  expect(await sweeper.sweep(new Date(killedAt))).toBe(0);
  expect(await sweeper.sweep(new Date(killedAt + BACKUP_LEASE_MS))).toBe(1);
  expect(await store.list('backup-hold/removed/')).toEqual([]);
});
