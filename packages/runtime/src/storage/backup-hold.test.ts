import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BACKUP_LEASE_MS, BackupHold, HeldRemovals, REMOVED_DURING_BACKUP } from './backup-hold.js';
import { LocalDiskStorage } from './local-disk-storage.js';

let folder: string;
let store: LocalDiskStorage;
let held: HeldRemovals;

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), 'backup-hold-'));
  store = new LocalDiskStorage(folder);
  held = new HeldRemovals(store);
  await store.put('org/1/a.pdf', Buffer.from('a'), 'application/pdf');
  await store.put('org/1/videos/b.mp4', Buffer.from('b'), 'video/mp4');
});

afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('removals while a backup holds the store', () => {
  it('go straight through with no lease', async () => {
    await held.remove('org/1/a.pdf');
    expect(await store.list('org/')).toEqual(['org/1/videos/b.mp4']);
    expect(await store.list(REMOVED_DURING_BACKUP)).toEqual([]);
  });

  it('are kept aside for the backup while its lease holds, and dropped when it ends', async () => {
    const hold = new BackupHold(store);
    await hold.take('b1', new Date());
    await held.remove('org/1/a.pdf');
    expect(await held.removePrefix('org/1/videos/')).toBe(1);
    expect(await store.list('org/')).toEqual([]);
    expect((await hold.removedKeys()).sort()).toEqual(['org/1/a.pdf', 'org/1/videos/b.mp4']);
    expect(await text(await hold.readRemoved('org/1/a.pdf'))).toBe('a');
    await hold.release();
    expect(await store.list('backup-hold/')).toEqual([]);
  });

  it('go straight through once a stopped backup lease has expired', async () => {
    const hold = new BackupHold(store);
    await hold.take('b1', new Date(), Date.now() - BACKUP_LEASE_MS - 1);
    expect(await hold.current()).toBeNull();
    await held.remove('org/1/a.pdf');
    expect(await store.list(REMOVED_DURING_BACKUP)).toEqual([]);
  });

  it('a file two processes remove at once is removed once, without an error', async () => {
    await new BackupHold(store).take('b1', new Date());
    const racing = new HeldRemovals(store);
    // The other process removed it between this one's check and its copy.
    const copy = store.copy.bind(store);
    store.copy = async (from, to) => {
      await store.remove(from);
      return copy(from, to);
    };
    await expect(racing.remove('org/1/a.pdf')).resolves.toBeUndefined();
    expect(await store.list('org/1/a')).toEqual([]);
  });
});
