import type { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { ObjectStorage, StoredObject } from './object-storage.js';

/** The store's own folder for a running backup: its lease, and the files removed meanwhile. */
export const BACKUP_HOLD_PREFIX = 'backup-hold/';
const LEASE_KEY = `${BACKUP_HOLD_PREFIX}lease.json`;
/**
 * A file removed while a backup runs is copied below here first, as `<leaseId>/<key>`: what a
 * killed backup kept aside is then told from what the running one keeps, and dropped alone.
 */
export const REMOVED_DURING_BACKUP = `${BACKUP_HOLD_PREFIX}removed/`;
/** A backup renews its lease well within this; a backup killed holds the store no longer. */
export const BACKUP_LEASE_MS = 10 * 60_000;

/** Where the files removed under one lease are kept aside. */
export const removedUnder = (leaseId: string): string => `${REMOVED_DURING_BACKUP}${leaseId}/`;

export interface BackupLease {
  /** The backup's own: two backups started at once each see whether the lease is theirs. */
  id: string;
  startedAt: string;
  until: string;
}

/** What a sweep dropped of one backup no longer running. */
export interface DroppedHold {
  leaseId: string;
  files: number;
}

/**
 * The lease a running backup holds on the store. Its database snapshot may name a file that is
 * removed before the backup copies it (rows go before their files); while the lease holds, every
 * process's store keeps such a file aside (HeldRemovals) under the lease's id for the backup to
 * copy, and the backup clears them when it ends. A backup killed before that leaves them:
 * dropAbandoned, run hourly, removes them once its lease has expired.
 */
export class BackupHold {
  constructor(private readonly store: ObjectStorage) {}

  /** The lease in force, or null (none, or one a killed backup left to expire). */
  async current(now = Date.now()): Promise<BackupLease | null> {
    const lease = await this.read();
    return lease && Date.parse(lease.until) > now ? lease : null;
  }

  /** Whether the lease in force is still this backup's. */
  async holds(id: string, now = Date.now()): Promise<boolean> {
    return (await this.current(now))?.id === id;
  }

  /** Takes the lease for a backup starting now, refusing while another backup's holds. */
  async begin(id: string, startedAt: Date, now = Date.now()): Promise<void> {
    const running = await this.current(now);
    if (running)
      throw new Error(
        `Another backup is running (started at ${running.startedAt}). Wait for it to end; a backup that was stopped holds the store until ${running.until}.`,
      );
    await this.take(id, startedAt, now);
    // Another backup that started in the same instant wrote its lease over this one's: one stops.
    if (!(await this.holds(id, now)))
      throw new Error('Another backup started at the same moment. Wait for it to end.');
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

  /**
   * Renews the lease while it is still in force and this backup's; answers whether it did. One
   * that lapsed stays lapsed: removals went straight through meanwhile, and taking it back would
   * hide that from the backup's last check (holds), or take the store from a backup begun since.
   */
  async renew(id: string, startedAt: Date, now = Date.now()): Promise<boolean> {
    if (!(await this.holds(id, now))) return false;
    await this.take(id, startedAt, now);
    return true;
  }

  /** The files kept aside under a lease, by their own keys. */
  async removedKeys(leaseId: string): Promise<string[]> {
    const kept = await this.store.list(removedUnder(leaseId));
    return kept.map((key) => key.slice(removedUnder(leaseId).length));
  }

  readRemoved(leaseId: string, key: string): Promise<Readable> {
    return this.store.get(`${removedUnder(leaseId)}${key}`);
  }

  statRemoved(leaseId: string, key: string): Promise<StoredObject | null> {
    return this.store.stat(`${removedUnder(leaseId)}${key}`);
  }

  /** Ends a backup's lease (removals go straight through again) and drops what it kept aside. */
  async release(leaseId: string): Promise<void> {
    // A backup whose lease lapsed and was taken by another must not end the other's.
    if ((await this.read())?.id === leaseId) await this.store.remove(LEASE_KEY);
    await this.store.removePrefix(removedUnder(leaseId));
  }

  /**
   * Drops what every backup but the one whose lease is in force kept aside: a killed backup's, or
   * one whose release failed; those files were removed by people, and cost storage. Listed before
   * the lease is read: a backup that takes its lease after the listing kept nothing listed, and
   * one whose lease was in force at the listing still is when read, or is over.
   */
  async dropAbandoned(now = Date.now()): Promise<DroppedHold[]> {
    const kept = await this.store.list(REMOVED_DURING_BACKUP);
    const running = (await this.current(now))?.id;
    const dropped = new Map<string, number>();
    for (const key of kept) {
      const leaseId = key.slice(REMOVED_DURING_BACKUP.length).split('/')[0] ?? '';
      if (leaseId === running) continue;
      await this.store.remove(key);
      dropped.set(leaseId, (dropped.get(leaseId) ?? 0) + 1);
    }
    return [...dropped].map(([leaseId, files]) => ({ leaseId, files }));
  }

  private async read(): Promise<BackupLease | null> {
    if (!(await this.store.stat(LEASE_KEY))) return null;
    try {
      return JSON.parse(await text(await this.store.get(LEASE_KEY))) as BackupLease;
    } catch {
      // Removed between the two reads, or cut short: no lease.
      return null;
    }
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
    const leaseId = await this.leaseHolding(key);
    if (leaseId) await this.keepAside(key, leaseId);
    await this.store.remove(key);
  }

  async removePrefix(prefix: string): Promise<number> {
    const leaseId = await this.leaseHolding(prefix);
    if (!leaseId) return this.store.removePrefix(prefix);
    const keys = await this.store.list(prefix);
    for (const key of keys) {
      await this.keepAside(key, leaseId);
      await this.store.remove(key);
    }
    return keys.length;
  }

  /** The id of the backup's lease that holds a key, or null: removals go straight through. */
  private async leaseHolding(key: string): Promise<string | null> {
    if (key.startsWith(BACKUP_HOLD_PREFIX)) return null;
    return (await this.hold.current())?.id ?? null;
  }

  private async keepAside(key: string, leaseId: string): Promise<void> {
    if (!(await this.store.stat(key))) return;
    try {
      await this.store.copy(key, `${removedUnder(leaseId)}${key}`);
    } catch (error) {
      // Removed meanwhile by another process, which kept it aside itself: removing stays
      // harmless to repeat.
      if (await this.store.stat(key)) throw error;
    }
  }
}
