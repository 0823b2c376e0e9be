import { Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { identityRpc, type NotificationRequest, type RpcAnswer } from '@hub/proto';
import type { RpcClient, WebhookAnnouncer } from '@hub/kit';
import { certificationData } from './certification-webhook.js';
import { announcementDue, certificationState, daysLeft } from './certification-rules.js';
import { type CertificationRow, CertificationsRepository } from './certifications.repository.js';

/** Daily at 03:00 UTC, and once whenever the service starts. */
export const SWEEP_SCHEDULE = { id: 'certification-expiry-daily', pattern: '0 3 * * *' };
const BATCH = 100;

type Members = RpcAnswer<typeof identityRpc.members>;

/**
 * An organization's people as the sweep reads them: who exists, and its active training
 * supervisors. Built once per organization and run: looking the holder and the observer up in
 * the whole list for every certification took O(people) each (100,000 people x 16,000 due
 * certifications in the bench's organization).
 */
interface People {
  ids: Set<number>;
  supervisors: number[];
}

function peopleOf(members: Members): People {
  return {
    ids: new Set(members.map((person) => person.id)),
    supervisors: members
      .filter((person) => person.isActive && person.role === 'training_supervisor')
      .map((person) => person.id),
  };
}

/**
 * Tells holders and their supervisors (the observer who issued the certification and the
 * organization's active training supervisors) when a certification becomes expiring soon and
 * when it expires: once per state change, because the state told is stored with the row in
 * the same transaction, so re-running the sweep (or running it on several replicas) repeats
 * nothing.
 */
export class CertificationExpirySweep {
  private readonly logger = new Logger('CertificationExpiry');
  private readonly certifications: CertificationsRepository;

  constructor(
    db: DataSource,
    private readonly rpc: RpcClient,
    private readonly webhooks: WebhookAnnouncer,
  ) {
    this.certifications = new CertificationsRepository(db);
  }

  /** Schedules the daily run and asks for one now. */
  static async schedule(queue: Queue): Promise<void> {
    await queue.upsertJobScheduler(
      SWEEP_SCHEDULE.id,
      { pattern: SWEEP_SCHEDULE.pattern, tz: 'UTC' },
      { name: 'sweep', data: {} },
    );
    // Kept briefly (the contract's options): one sweep a day needs no history.
    await queue.add('sweep', {});
  }

  /** Returns how many announcements were made. */
  async run(): Promise<number> {
    const members = new Map<number, People>();
    let announced = 0;
    for (;;) {
      const ids = await this.certifications.dueForAnnouncement(BATCH);
      if (ids.length === 0) return announced;
      let progress = 0;
      for (const id of ids) {
        if (await this.announce(id, members)) progress += 1;
      }
      announced += progress;
      // Rows another replica holds are skipped; stop rather than spin on them.
      if (ids.length < BATCH || progress === 0) return announced;
    }
  }

  private announce(id: number, members: Map<number, People>): Promise<boolean> {
    return this.certifications.transaction(async (tx) => {
      const row = await this.certifications.lockForAnnouncement(tx, id);
      if (!row) return false;
      const now = new Date();
      const state = certificationState(
        { expiresAt: row.expires_at, revokedAt: row.revoked_at },
        now,
      );
      const due = announcementDue(state, row.notified_state);
      if (!due) return false;
      await this.notify(row, due, await this.membersOf(row.organization_id, members), now);
      // Keyed by the term it is about: a renewed certification's next expiry is a new fact.
      await this.webhooks.announce(
        {
          organizationId: row.organization_id,
          type: due === 'expiring_soon' ? 'certification.expiring' : 'certification.expired',
          key: `${row.id}-${row.expires_at.getTime()}`,
          data: certificationData(row),
          occurredAt: now,
        },
        tx,
      );
      await this.certifications.rememberAnnounced(tx, row.id, due);
      return true;
    });
  }

  private async membersOf(organizationId: number, cache: Map<number, People>) {
    if (!cache.has(organizationId)) {
      cache.set(
        organizationId,
        peopleOf(await this.rpc.call(identityRpc.members, { organizationId })),
      );
    }
    return cache.get(organizationId)!;
  }

  private async notify(
    row: CertificationRow,
    state: 'expiring_soon' | 'expired',
    people: People,
    now: Date,
  ) {
    const observer =
      row.observer_id !== null && people.ids.has(row.observer_id) ? [row.observer_id] : [];
    const holder = people.ids.has(row.user_id) ? [row.user_id] : [];
    const userIds = [...new Set([...holder, ...observer, ...people.supervisors])];
    if (userIds.length === 0) return;
    const about = {
      holder: row.holder_name,
      title: row.title,
      expiresAt: row.expires_at.toISOString(),
    };
    const notification: NotificationRequest =
      state === 'expiring_soon'
        ? {
            type: 'warning',
            key: 'certificationExpiring',
            params: { ...about, days: daysLeft(row.expires_at, now) },
          }
        : { type: 'error', key: 'certificationExpired', params: about };
    await this.rpc.call(identityRpc.notify, { userIds: userIds.slice(0, 1000), notification });
    this.logger.log(`certification ${row.id}: ${state} announced to ${userIds.length} people`);
  }
}
