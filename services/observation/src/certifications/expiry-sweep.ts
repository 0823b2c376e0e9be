import { Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { identityRpc, type NotificationRequest } from '@hub/proto';
import type { RpcClient, WebhookAnnouncer } from '@hub/kit';
import { certificationData } from './certification-webhook.js';
import { announcementDue, certificationState, daysLeft } from './certification-rules.js';
import {
  type CertificationPeople,
  type CertificationRow,
  CertificationsRepository,
} from './certifications.repository.js';

/** Daily at 03:00 UTC, and once whenever the service starts. */
export const SWEEP_SCHEDULE = { id: 'certification-expiry-daily', pattern: '0 3 * * *' };
const BATCH = 100;
/** People looked up in one call (the contract's most). */
const LOOKUP = 1000;

/**
 * An organization's people as the sweep needs them: its active training supervisors, and
 * whether each holder or observer met so far is one of its people. Asked of identity by id, a
 * batch of certifications at a time (`membersByIds`), and the supervisors' ids once
 * (`activeMemberIds`), not the whole list of members (`members`: seconds at 100,000 people,
 * near the RPC deadline; in bench/people-import.mjs's organization the sweep announced none
 * of 16,250 due certifications in 6 minutes while it kept asking for it).
 */
interface People {
  supervisors: number[];
  known: Map<number, boolean>;
}

/** Holders and observers of some certifications, by organization. */
function peopleByOrganization(rows: CertificationPeople[]): Map<number, number[]> {
  const byOrganization = new Map<number, number[]>();
  for (const row of rows) {
    const ids = byOrganization.get(row.organization_id) ?? [];
    ids.push(row.user_id, ...(row.observer_id === null ? [] : [row.observer_id]));
    byOrganization.set(row.organization_id, ids);
  }
  return byOrganization;
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
      const batch = peopleByOrganization(await this.certifications.peopleOf(ids));
      for (const [organizationId, userIds] of batch)
        await this.peopleOf(organizationId, userIds, members);
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
      const userIds = [row.user_id, ...(row.observer_id === null ? [] : [row.observer_id])];
      await this.notify(row, due, await this.peopleOf(row.organization_id, userIds, members), now);
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

  /** The organization's people, with these ids looked up if not yet (one call per 1,000). */
  private async peopleOf(
    organizationId: number,
    userIds: number[],
    cache: Map<number, People>,
  ): Promise<People> {
    let people = cache.get(organizationId);
    if (!people) {
      const active = await this.rpc.call(identityRpc.activeMemberIds, { organizationId });
      const supervisors = active.find((group) => group.role === 'training_supervisor');
      people = { supervisors: supervisors?.userIds ?? [], known: new Map() };
      cache.set(organizationId, people);
    }
    const missing = [...new Set(userIds)].filter((id) => !people.known.has(id));
    for (let start = 0; start < missing.length; start += LOOKUP) {
      const some = missing.slice(start, start + LOOKUP);
      const found = await this.rpc.call(identityRpc.membersByIds, {
        organizationId,
        userIds: some,
      });
      const ids = new Set(found.map((person) => person.id));
      for (const id of some) people.known.set(id, ids.has(id));
    }
    return people;
  }

  private async notify(
    row: CertificationRow,
    state: 'expiring_soon' | 'expired',
    people: People,
    now: Date,
  ) {
    const observer =
      row.observer_id !== null && people.known.get(row.observer_id) ? [row.observer_id] : [];
    const holder = people.known.get(row.user_id) ? [row.user_id] : [];
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
