import type { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { ObjectStorage, StoredObject } from './object-storage.js';

/** The store's own folder for a running backup: its lease, and the files removed meanwhile. */
export const BACKUP_HOLD_PREFIX = 'backup-hold/';
const LEASE_KEY = `${BACKUP_HOLD_PREFIX}lease.json`;
/** A file removed while a backup runs is copied below here first, under its own key. */
export const REMOVED_DURING_BACKUP = `${BACKUP_HOLD_PREFIX}removed/`;
/** A backup renews its lease well within this; a backup killed holds the store no longer. */
export const BACKUP_LEASE_MS = 10 * 60_000;

export interface BackupLease {
  /** The backup's own: two backups started at once each see whether the lease is theirs. */
  id: string;
  startedAt: string;
  until: string;
}

/**
 * The lease a running backup holds on the store. Its database snapshot may name a file that is
 * removed before the backup copies it (rows go before their files); while the lease holds, every
 * process's store keeps such a file aside (HeldRemovals) for the backup to copy, and the backup
 * clears them when it ends.
 */
export class BackupHold {
  constructor(private readonly store: ObjectStorage) {}

  /** The lease in force, or null (none, or one a killed backup left to expire). */
  async current(now = Date.now()): Promise<BackupLease | null> {
    if (!(await this.store.stat(LEASE_KEY))) return null;
    let lease: BackupLease;
    try {
      lease = JSON.parse(await text(await this.store.get(LEASE_KEY))) as BackupLease;
    } catch {
      // Removed between the two reads, or cut short: no lease.
      return null;
    }
    return Date.parse(lease.until) > now ? lease : null;
  }

  /** Takes (or renews) the lease for BACKUP_LEASE_MS from now. */
  async take(id: string, startedAt: Date, now = Date.now()): Promise<void> {
    const lease: BackupLease = {
      id,
      startedAt: startedAt.toISOString(),
      until: new Date(now + BACKUP_LEASE_MS).toISOString(),
    };
    await this.store.put(LEASE_KEY, Buffer.from(JSON.stringify(lease)), 'application/json');
  }

  /** The files kept aside while the lease held, by their own keys. */
  async removedKeys(): Promise<string[]> {
    const kept = await this.store.list(REMOVED_DURING_BACKUP);
    return kept.map((key) => key.slice(REMOVED_DURING_BACKUP.length));
  }

  readRemoved(key: string): Promise<Readable> {
    return this.store.get(`${REMOVED_DURING_BACKUP}${key}`);
  }

  statRemoved(key: string): Promise<StoredObject | null> {
    return this.store.stat(`${REMOVED_DURING_BACKUP}${key}`);
  }

  /** Ends the lease and drops what was kept aside (removals go straight through again). */
  async release(): Promise<void> {
    await this.store.remove(LEASE_KEY);
    await this.store.removePrefix(REMOVED_DURING_BACKUP);
  }
}

/**
 * The store every service opens: while a backup's lease holds, a removed file is first copied
 * aside for the backup. The check costs one stat a removal; removals are rare beside reads.
 */
export class HeldRemovals implements ObjectStorage {
  private readonly hold: BackupHold;
  readonly abortUploadsStartedBefore?: (cutoff: Date) => Promise<number>;

  constructor(private readonly store: ObjectStorage) {
    this.hold = new BackupHold(store);
    if (store.abortUploadsStartedBefore)
      this.abortUploadsStartedBefore = (cutoff) => store.abortUploadsStartedBefore!(cutoff);
  }

  get kind() {
    return this.store.kind;
  }

  put(key: string, body: Readable | Buffer, contentType: string, size?: number) {
    return this.store.put(key, body, contentType, size);
  }

  get(key: string) {
    return this.store.get(key);
  }

  getRange(key: string, start: number, end: number) {
    return this.store.getRange(key, start, end);
  }

  stat(key: string) {
    return this.store.stat(key);
  }

  copy(from: string, to: string) {
    return this.store.copy(from, to);
  }

  list(prefix: string) {
    return this.store.list(prefix);
  }

  ping() {
    return this.store.ping();
  }

  async remove(key: string): Promise<void> {
    if (await this.held(key)) await this.keepAside(key);
    await this.store.remove(key);
  }

  async removePrefix(prefix: string): Promise<number> {
    if (!(await this.held(prefix))) return this.store.removePrefix(prefix);
    const keys = await this.store.list(prefix);
    for (const key of keys) {
      await this.keepAside(key);
      await this.store.remove(key);
    }
    return keys.length;
  }

  private async held(key: string): Promise<boolean> {
    return !key.startsWith(BACKUP_HOLD_PREFIX) && (await this.hold.current()) !== null;
  }

  private async keepAside(key: string): Promise<void> {
    if (!(await this.store.stat(key))) return;
    try {
      await this.store.copy(key, `${REMOVED_DURING_BACKUP}${key}`);
    } catch (error) {
      // Removed meanwhile by another process, which kept it aside itself: removing stays
      // harmless to repeat.
      if (await this.store.stat(key)) throw error;
    }
  }
}
