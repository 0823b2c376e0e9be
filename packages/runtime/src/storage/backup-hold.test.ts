import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BACKUP_LEASE_MS,
  BackupHold,
  HeldRemovals,
  REMOVED_DURING_BACKUP,
  removedUnder,
} from './backup-hold.js';
import { LocalDiskStorage } from './local-disk-storage.js';
import type { StoredObject } from './object-storage.js';

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
    expect(await store.list(REMOVED_DURING_BACKUP)).toEqual([
      'backup-hold/removed/b1/org/1/a.pdf',
      'backup-hold/removed/b1/org/1/videos/b.mp4',
    ]);
    expect(await hold.removedKeys('b1')).toEqual(['org/1/a.pdf', 'org/1/videos/b.mp4']);
    expect(await text(await hold.readRemoved('b1', 'org/1/a.pdf'))).toBe('a');
    await hold.release('b1');
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

/** Two backups started in the same instant: both read no lease, then both write theirs. */
function writeLeasesTogether(on: LocalDiskStorage): void {
  const put = on.put.bind(on);
  let first: (() => Promise<StoredObject>) | undefined;
  let landed!: (stored: StoredObject) => void;
  const bothLanded = new Promise<StoredObject>((resolve) => (landed = resolve));
  on.put = async (key, body, contentType) => {
    const write = () => put(key, body, contentType);
    if (key !== 'backup-hold/lease.json') return write();
    if (!first) {
      first = write;
      return bothLanded;
    }
    // The first waited for this one: both land, in turn, before either backup reads its lease back.
    const stored = await first();
    const mine = await write();
    landed(stored);
    return mine;
  };
}

describe('the backup lease', () => {
  const start = Date.parse('2025-12-05T02:00:00Z');

  it('is refused to a second backup while the first one holds it', async () => {
    await new BackupHold(store).begin('b1', new Date(start), start);
    await expect(new BackupHold(store).begin('b2', new Date(start), start + 1)).rejects.toThrow(
      /^Another backup is running \(started at 2025-12-05T02:00:00.000Z\)/,
    );
  });

  it('two backups started at the same instant: one stops, the other holds the store', async () => {
    writeLeasesTogether(store);
    const begun = await Promise.allSettled(
      ['b1', 'b2'].map((id) => new BackupHold(store).begin(id, new Date(start), start)),
    );
    const stopped = begun.flatMap((result, at) => (result.status === 'rejected' ? [at] : []));
    expect(stopped).toHaveLength(1);
    expect(begun[stopped[0]!]).toMatchObject({
      reason: new Error('Another backup started at the same moment. Wait for it to end.'),
    });
    const holder = (await new BackupHold(store).current(start))?.id;
    expect(holder).toBe(stopped[0] === 0 ? 'b2' : 'b1');
  });

  it("is renewed only while it is this backup's and in force, and ended by its own backup only", async () => {
    const hold = new BackupHold(store);
    await hold.begin('b1', new Date(start), start);
    expect(await hold.renew('b1', new Date(start), start + 60_000)).toBe(true);
    const lapsed = start + 60_000 + BACKUP_LEASE_MS;
    expect(await hold.renew('b1', new Date(start), lapsed)).toBe(false);
    await hold.begin('b2', new Date(lapsed), lapsed);
    expect(await hold.renew('b1', new Date(start), lapsed)).toBe(false);
    await hold.release('b1');
    expect(await hold.holds('b2', lapsed)).toBe(true);
  });
});

describe('the sweep of what stopped backups kept aside', () => {
  it('drops what a killed backup kept aside once its lease expired, never what the running backup keeps', async () => {
    const hold = new BackupHold(store);
    const killedAt = Date.now();
    await hold.begin('killed', new Date(killedAt), killedAt);
    await held.remove('org/1/a.pdf');
    // Not yet expired: a backup that is only slow keeps its files.
    expect(await hold.dropAbandoned(killedAt + BACKUP_LEASE_MS - 1)).toEqual([]);

    const later = killedAt + BACKUP_LEASE_MS;
    await hold.begin('running', new Date(later), later);
    await held.remove('org/1/videos/b.mp4');
    expect(await hold.dropAbandoned(later)).toEqual([{ leaseId: 'killed', files: 1 }]);
    expect(await store.list(REMOVED_DURING_BACKUP)).toEqual([
      `${removedUnder('running')}org/1/videos/b.mp4`,
    ]);
    expect(await hold.removedKeys('running')).toEqual(['org/1/videos/b.mp4']);
  });

  it('keeps what a backup that begins while it lists sets aside', async () => {
    const hold = new BackupHold(store);
    await hold.take('killed', new Date(0), 0);
    await store.copy('org/1/a.pdf', `${removedUnder('killed')}org/1/a.pdf`);
    const list = store.list.bind(store);
    store.list = async (prefix) => {
      store.list = list;
      // The backup begins, and a file is removed under its lease, just as the sweep lists.
      await new BackupHold(store).begin('running', new Date());
      await held.remove('org/1/videos/b.mp4');
      return list(prefix);
    };
    expect(await hold.dropAbandoned()).toEqual([{ leaseId: 'killed', files: 1 }]);
    expect(await hold.removedKeys('running')).toEqual(['org/1/videos/b.mp4']);
  });
});
