import { Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { DataSource, EntityManager } from 'typeorm';
import { api, identityRpc, type NotificationRequest } from '@hub/proto';
import type { RpcClient, WebhookAnnouncer } from '@hub/kit';
import { MEMBER_ID_PAGE, memberIdsOf } from '../team/members.js';
import { certificationData } from './certification-webhook.js';
import { announcementDue, certificationState, daysLeft } from './certification-rules.js';
import { type CertificationRow, CertificationsRepository } from './certifications.repository.js';
import {
  type AnnouncedState,
  CertificationDigestsRepository,
  type DigestRow,
} from './certification-digests.repository.js';

/** Daily at 03:00 UTC, and once whenever the service starts. */
export const SWEEP_SCHEDULE = { id: 'certification-expiry-daily', pattern: '0 3 * * *' };
/** Certifications announced in one transaction, their holders told in one call (at most 1,000). */
const BATCH = 500;
/** How long identity may take to tell one call's people: a batch's holders, a digest's readers. */
const TELL_MS = 60_000;
/** People looked up or told in one call (the contracts' most). */
const LOOKUP = 1000;

/** The sweep day of a moment: its UTC date, YYYY-MM-DD. */
export const sweepDay = (at: Date) => at.toISOString().slice(0, 10);

/** The key identity tells each person under once: a holder per state of a term... */
export const holderNoticeKey = (
  row: Pick<CertificationRow, 'id' | 'expires_at'>,
  state: AnnouncedState,
) => `certification:${row.id}:${row.expires_at.getTime()}:${state}`;
/** ...and a supervisor once per organization's digest day. */
export const digestKey = (digest: DigestRow) =>
  `certification-digest:${digest.organization_id}:${digest.day}`;

/**
 * Where the digest leads: the web app's certifications insights page, listing the one state
 * announced, or every state when both were.
 */
export function digestPath(digest: Pick<DigestRow, 'expiring_soon' | 'expired'>): string {
  const page = '/insights/certifications';
  if (digest.expired === 0) return `${page}?state=expiring_soon`;
  if (digest.expiring_soon === 0) return `${page}?state=expired`;
  return page;
}

/** A certification of a batch and the state now announced about it. */
interface Due {
  row: CertificationRow;
  state: AnnouncedState;
}

/** The holders of these, by organization. */
function holdersByOrganization(due: Due[]): Map<number, number[]> {
  const byOrganization = new Map<number, number[]>();
  for (const { row } of due) {
    const ids = byOrganization.get(row.organization_id) ?? [];
    ids.push(row.user_id);
    byOrganization.set(row.organization_id, ids);
  }
  return byOrganization;
}

/**
 * Which of these holders hear of their certifications: the organization's people identity
 * answered, less those it suspended (they cannot sign in; like the digest's readers, they are
 * neither told nor mailed meanwhile, and the state stays announced: no notice on their return).
 */
export function holdersToTell(
  userIds: number[],
  found: { id: number; suspended: boolean }[],
): Map<number, boolean> {
  const told = new Set(found.filter((person) => !person.suspended).map((person) => person.id));
  return new Map(userIds.map((id) => [id, told.has(id)]));
}

/** The holder's own notice of a certification's state, under its key. */
export function holderNotice(row: CertificationRow, state: AnnouncedState, now: Date) {
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
  return { userId: row.user_id, notification, key: holderNoticeKey(row, state) };
}

/**
 * Tells people when a certification becomes expiring soon and when it expires, once per state
 * of a term (decisions.md "Expiry notices"): the holder at once, one notice per certification;
 * the organization's active training supervisors, and the observers who issued the
 * certifications, in one digest a day with the counts. Due certifications go by batches of
 * BATCH, each one transaction (rows locked with SKIP LOCKED) and one call to tell their holders.
 * The state told is stored with the row in the same transaction that queues it for the digest
 * and writes its webhook event, and identity keeps each notice's key, so re-running the sweep,
 * running it on several replicas or killing it mid-batch repeats nothing.
 */
export class CertificationExpirySweep {
  private readonly logger = new Logger('CertificationExpiry');
  private readonly certifications: CertificationsRepository;
  private readonly digests: CertificationDigestsRepository;

  constructor(
    db: DataSource,
    private readonly rpc: RpcClient,
    private readonly webhooks: WebhookAnnouncer,
    /** Readers' ids asked of identity a call (memberIdPage's most; tests ask fewer). */
    private readonly idPage = MEMBER_ID_PAGE,
  ) {
    this.certifications = new CertificationsRepository(db);
    this.digests = new CertificationDigestsRepository(db);
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

  /**
   * Announces what is due, then builds and delivers the digests of `now`'s day (a day whose
   * digest was built already leaves the newly due for the next day's). Returns how many
   * certifications were announced. Fails when a batch or a digest did not go through (identity
   * away), so that its job is retried (the queue contract's backoff); a retry repeats nothing.
   */
  async run(now = new Date()): Promise<number> {
    // A batch that fails still lets what was announced before it reach the digests: the run
    // fails after them (with the batch's error), and its retry takes the batch up again.
    let undelivered = 0;
    const announced = await this.announceDue().finally(async () => {
      undelivered = await this.deliverDigests(now);
    });
    if (undelivered > 0) throw new Error(`${undelivered} expiry digest(s) not delivered yet`);
    return announced;
  }

  /** Builds the digests of `now`'s day, then delivers each undelivered one; how many still are. */
  private async deliverDigests(now: Date): Promise<number> {
    for (const organizationId of await this.digests.organizationsWaiting())
      await this.digests.build(organizationId, sweepDay(now));
    let undelivered = 0;
    for (const digest of await this.digests.undelivered())
      if (!(await this.deliver(digest))) undelivered += 1;
    return undelivered;
  }

  private async announceDue(): Promise<number> {
    const known = new Map<number, Map<number, boolean>>();
    let announced = 0;
    for (;;) {
      const { locked, told } = await this.announceBatch(known);
      announced += told;
      // Fewer than a batch: nothing else is due but what other replicas hold. None told of a
      // full batch (a state changed in between): stop rather than spin on it; the next run sees.
      if (locked < BATCH || told === 0) return announced;
    }
  }

  /**
   * One batch in one transaction: the due certifications locked, their holders told in one
   * call (each under their notice's key), then each certification's webhook event, its state
   * remembered and its digest item, committed together. A sweep killed before the commit
   * leaves the batch due; the next run tells again only under the same keys, so nobody twice.
   */
  private announceBatch(
    known: Map<number, Map<number, boolean>>,
  ): Promise<{ locked: number; told: number }> {
    return this.certifications.transaction(async (tx) => {
      const rows = await this.certifications.lockDueForAnnouncement(tx, BATCH);
      const now = new Date();
      const due = rows.flatMap((row): Due[] => {
        const state = certificationState(
          { expiresAt: row.expires_at, revokedAt: row.revoked_at },
          now,
        );
        const announced = announcementDue(state, row.notified_state);
        return announced ? [{ row, state: announced }] : [];
      });
      for (const [organizationId, userIds] of holdersByOrganization(due))
        await this.lookUp(organizationId, userIds, known);
      const items = due
        .filter(({ row }) => known.get(row.organization_id)?.get(row.user_id))
        .map(({ row, state }) => holderNotice(row, state, now));
      // Identity answers once it has stored the batch's notices (their mails leave after), up
      // to 500 rows: given more than a lookup on a loaded database. Timed out, the batch rolls
      // back and is told again under the same keys, so nobody twice.
      if (items.length > 0) await this.rpc.call(identityRpc.notifyEach, { items }, TELL_MS);
      for (const { row, state } of due) await this.announceToWebhooks(tx, row, state, now);
      const announced = due.map(({ row, state }) => ({ id: row.id, state }));
      await this.certifications.rememberAnnounced(tx, announced);
      await this.digests.wait(
        tx,
        due.map(({ row, state }) => ({ organizationId: row.organization_id, id: row.id, state })),
      );
      return { locked: rows.length, told: due.length };
    });
  }

  /** The certification's webhook event, in the batch's transaction. */
  private announceToWebhooks(
    tx: EntityManager,
    row: CertificationRow,
    state: AnnouncedState,
    now: Date,
  ): Promise<void> {
    // Keyed by the term it is about: a renewed certification's next expiry is a new fact.
    return this.webhooks.announce(
      {
        organizationId: row.organization_id,
        type: state === 'expiring_soon' ? 'certification.expiring' : 'certification.expired',
        key: `${row.id}-${row.expires_at.getTime()}`,
        data: certificationData(row),
        occurredAt: now,
      },
      tx,
    );
  }

  /** Whether each of these is to be told: one of the organization's people, not suspended (one call per 1,000 unknown). */
  private async lookUp(
    organizationId: number,
    userIds: number[],
    cache: Map<number, Map<number, boolean>>,
  ): Promise<Map<number, boolean>> {
    const people = cache.get(organizationId) ?? new Map<number, boolean>();
    cache.set(organizationId, people);
    const missing = [...new Set(userIds)].filter((id) => !people.has(id));
    for (let start = 0; start < missing.length; start += LOOKUP) {
      const some = missing.slice(start, start + LOOKUP);
      const found = await this.rpc.call(identityRpc.membersByIds, {
        organizationId,
        userIds: some,
      });
      for (const [id, told] of holdersToTell(some, found)) people.set(id, told);
    }
    return people;
  }

  /**
   * Tells the digest's recipients, 1,000 a call under the digest's key (a retry after a crash
   * tells only those not told), then marks it delivered. A failure leaves it for the next run:
   * false then.
   */
  private async deliver(digest: DigestRow): Promise<boolean> {
    try {
      const userIds = await this.recipientsOf(digest);
      const notification: NotificationRequest = {
        type: digest.expired > 0 ? 'error' : 'warning',
        key: 'certificationDigest',
        params: {
          expiringSoon: digest.expiring_soon,
          expired: digest.expired,
          path: digestPath(digest),
        },
      };
      for (let start = 0; start < userIds.length; start += LOOKUP) {
        await this.rpc.call(
          identityRpc.notify,
          { userIds: userIds.slice(start, start + LOOKUP), notification, key: digestKey(digest) },
          TELL_MS,
        );
      }
      await this.digests.markDelivered(digest);
      this.logger.log(
        `organization ${digest.organization_id}, ${digest.day}: ${digest.expiring_soon} expiring soon, ${digest.expired} expired, told to ${userIds.length} people`,
      );
      return true;
    } catch (error) {
      this.logger.warn(
        `digest of organization ${digest.organization_id}, ${digest.day} not delivered yet: ${String(error)}`,
      );
      return false;
    }
  }

  /**
   * The organization's active training supervisors and the active observers who issued them:
   * active as identity's `memberIdPage` answers `{ active: true, suspended: false }`, accepted
   * and not suspended (someone suspended is neither told nor mailed). The supervisors are
   * walked a page of ids at a time and only the observers are asked about (never every active
   * id of 100,000 people in one answer). Only whom the digest tells: the certifications it
   * counts were announced, their states kept, whoever reads it.
   */
  private async recipientsOf(digest: DigestRow): Promise<number[]> {
    const mayAct = { organizationId: digest.organization_id, active: true, suspended: false };
    const [supervisors, observers] = await Promise.all([
      memberIdsOf(this.rpc, { ...mayAct, roles: ['training_supervisor'] }, this.idPage),
      this.digests.observersOf(digest),
    ]);
    // An observer since made an operator could not open the page the digest points to.
    const readers = observers.length
      ? await memberIdsOf(
          this.rpc,
          { ...mayAct, roles: [...api.insightsCertifications.access], userIds: observers },
          this.idPage,
        )
      : [];
    return [...new Set([...supervisors, ...readers])];
  }
}
