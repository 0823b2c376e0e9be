import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { pageOf } from '@hub/kit';
import {
  type CertificationKind,
  type CertificationListQuery,
  type CertificationSummary,
} from '@hub/proto';
import { EXPIRING_SOON_END_SQL, stateSql } from './certification-rules.js';
import {
  type ListedRow,
  orderOf,
  pageAfter,
  SELECT,
  selection,
} from './certification-list-query.js';

export interface CertificationRow {
  id: number;
  organization_id: number;
  user_id: number;
  holder_name: string;
  kind: CertificationKind;
  subject_id: number;
  title: string;
  observation_id: number | null;
  observer_id: number | null;
  score: string | null;
  validity_months: number;
  issued_at: Date;
  expires_at: Date;
  verification_code: string;
  revoked_at: Date | null;
  revoked_reason: string | null;
  notified_state: 'expiring_soon' | 'expired' | null;
  /** The SOP version whose safety-relevant change asks for a new observation; null: none. */
  reobservation_version: number | null;
  reobservation_since: Date | null;
  /** The course's category (live), for course certifications. */
  course_category?: string | null;
}

export interface Issue {
  organizationId: number;
  userId: number;
  holderName: string;
  kind: CertificationKind;
  subjectId: number;
  title: string;
  observationId: number | null;
  observerId: number | null;
  score: number | null;
  validityMonths: number;
  issuedAt: Date;
  expiresAt: Date;
  /**
   * When the passed observation began (null: a course). A re-observation asked after it stays
   * asked: that observation's questions were the SOP's version before the change.
   */
  observedFrom: Date | null;
}

/** Unambiguous letters and digits (no 0/O, 1/I/L), grouped for reading aloud: XXXX-XXXX-XXXX. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function newVerificationCode(): string {
  const chars = Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]);
  return [0, 4, 8].map((start) => chars.slice(start, start + 4).join('')).join('-');
}

/**
 * When this month began on `$3`'s calendar (the reader's zone): in Los Angeles, UTC's month
 * began at 16:00 on the last day. `date_trunc('month', now())` alone began it in the database
 * session's zone, whatever the server is set to.
 */
const READERS_MONTH_START = `(date_trunc('month', now() AT TIME ZONE $3) AT TIME ZONE $3)`;

/** The SOPs and courses whose categories hold a search (ids of each). */
export interface MatchingSubjects {
  sopIds: number[];
  courseIds: number[];
}

export interface CertificationPage {
  rows: CertificationRow[];
  totalCount: number;
  nextCursor: string | null;
}

/** Queries of the certifications table; the rules live in the service and certification-rules. */
@Injectable()
export class CertificationsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * Issues the certification, or renews it in place: new dates, revocation and announcements
   * cleared, the verification code kept so a printed certificate still verifies. A pending
   * re-observation is cleared only by an observation begun after it was asked. A term older than
   * the one held (a course certificate owed since its completion, settled after a renewal)
   * changes nothing and answers the one held: it moved the term back and lifted a revocation.
   */
  async issue(issue: Issue, manager: EntityManager = this.db.manager): Promise<CertificationRow> {
    const [row] = (await manager.query(
      `INSERT INTO certifications (organization_id, user_id, holder_name, kind, subject_id, title,
         observation_id, observer_id, score, validity_months, issued_at, expires_at, verification_code)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (organization_id, user_id, kind, subject_id) DO UPDATE SET
         holder_name = EXCLUDED.holder_name, title = EXCLUDED.title,
         observation_id = EXCLUDED.observation_id, observer_id = EXCLUDED.observer_id,
         score = EXCLUDED.score, validity_months = EXCLUDED.validity_months,
         issued_at = EXCLUDED.issued_at, expires_at = EXCLUDED.expires_at,
         revoked_at = NULL, revoked_by = NULL, revoked_reason = NULL, notified_state = NULL,
         reobservation_version = CASE WHEN certifications.reobservation_since > $14
           THEN certifications.reobservation_version END,
         reobservation_since = CASE WHEN certifications.reobservation_since > $14
           THEN certifications.reobservation_since END
       WHERE certifications.issued_at <= EXCLUDED.issued_at
       RETURNING *`,
      [
        issue.organizationId,
        issue.userId,
        issue.holderName,
        issue.kind,
        issue.subjectId,
        issue.title,
        issue.observationId,
        issue.observerId,
        issue.score,
        issue.validityMonths,
        issue.issuedAt,
        issue.expiresAt,
        newVerificationCode(),
        issue.observedFrom,
      ],
    )) as CertificationRow[];
    return row ?? this.held(issue, manager);
  }

  /** The certification held of the issue's subject (its row is locked by the issue). */
  private async held(issue: Issue, manager: EntityManager): Promise<CertificationRow> {
    const [row] = (await manager.query(
      `${SELECT} WHERE c.organization_id = $1 AND c.user_id = $2 AND c.kind = $3 AND c.subject_id = $4`,
      [issue.organizationId, issue.userId, issue.kind, issue.subjectId],
    )) as CertificationRow[];
    return row!;
  }

  async find(
    organizationId: number,
    id: number,
    manager: EntityManager = this.db.manager,
  ): Promise<CertificationRow | null> {
    const [row] = (await manager.query(`${SELECT} WHERE c.id = $1 AND c.organization_id = $2`, [
      id,
      organizationId,
    ])) as CertificationRow[];
    return row ?? null;
  }

  async findByCode(code: string): Promise<CertificationRow | null> {
    const [row] = (await this.db.query(`${SELECT} WHERE c.verification_code = $1`, [
      code,
    ])) as CertificationRow[];
    return row ?? null;
  }

  /**
   * One page of what the filter selects, most recently issued first (expiring soon and expired:
   * soonest expiry first), after `filter.cursor`'s row
   * (see paging.ts), and how many it selects in all; with `filter.search`, only those whose
   * holder or title holds it or whose subject is `matching` (one of its categories holds it).
   */
  async list(
    organizationId: number,
    filter: CertificationListQuery,
    matching: MatchingSubjects = { sopIds: [], courseIds: [] },
  ): Promise<CertificationPage> {
    const selected = selection(organizationId, filter, matching);
    const order = orderOf(filter);
    const [rows, [counted]] = await Promise.all([
      this.db.query(...pageAfter(selected, filter, order)) as Promise<ListedRow[]>,
      this.db.query(
        `SELECT count(*)::int AS total FROM certifications c WHERE ${selected.where}`,
        selected.params,
      ) as Promise<[{ total: number }]>,
    ]);
    const page = pageOf(rows, filter.limit, (row) => [row.sort_key, String(row.id)]);
    const nextCursor = page.nextCursor && `${order.cursorPrefix}${page.nextCursor}`;
    return { rows: page.rows, totalCount: counted.total, nextCursor };
  }

  /**
   * The four cards (and revoked), for the organization or, with userId, one person; the month
   * is the one under way on the reader's calendar (`timeZone`, an IANA zone).
   */
  async summary(
    organizationId: number,
    userId: number | null,
    timeZone: string,
  ): Promise<CertificationSummary> {
    const [row] = (await this.db.query(
      `SELECT count(*) FILTER (WHERE state = 'active')::int AS active,
              count(*) FILTER (WHERE state <> 'revoked' AND issued_at >= ${READERS_MONTH_START})::int AS "completedThisMonth",
              count(*) FILTER (WHERE state = 'expiring_soon')::int AS "expiringSoon",
              count(*) FILTER (WHERE state = 'expired')::int AS overdue,
              count(*) FILTER (WHERE state = 'revoked')::int AS revoked
         FROM (SELECT issued_at, ${stateSql()} AS state FROM certifications
                WHERE organization_id = $1 AND ($2::int IS NULL OR user_id = $2)) s`,
      [organizationId, userId, timeZone],
    )) as CertificationSummary[];
    return row!;
  }

  /** Every subject the organization (or, with userId, one person) holds a certification of. */
  async subjects(organizationId: number, userId: number | null) {
    return (await this.db.query(
      `SELECT DISTINCT c.kind, c.subject_id AS "subjectId", co.category AS "courseCategory"
         FROM certifications c LEFT JOIN courses co ON c.kind = 'course' AND co.id = c.subject_id
        WHERE c.organization_id = $1 AND ($2::int IS NULL OR c.user_id = $2)`,
      [organizationId, userId],
    )) as { kind: CertificationKind; subjectId: number; courseCategory: string | null }[];
  }

  /** Certifications that are not revoked, per subject: what the categories are counted from. */
  async countsBySubject(organizationId: number, userId: number | null) {
    return (await this.db.query(
      `SELECT c.kind, c.subject_id AS "subjectId", co.category AS "courseCategory", count(*)::int AS count
         FROM certifications c LEFT JOIN courses co ON c.kind = 'course' AND co.id = c.subject_id
        WHERE c.organization_id = $1 AND ($2::int IS NULL OR c.user_id = $2) AND c.revoked_at IS NULL
        GROUP BY c.kind, c.subject_id, co.category`,
      [organizationId, userId],
    )) as {
      kind: CertificationKind;
      subjectId: number;
      courseCategory: string | null;
      count: number;
    }[];
  }

  /** (person, SOP) pairs among these with a certification in force: not revoked, not expired. */
  async inForce(organizationId: number, userIds: number[], documentIds: number[]) {
    return (await this.db.query(
      `SELECT user_id AS "userId", subject_id AS "documentId" FROM certifications
        WHERE organization_id = $1 AND kind = 'sop' AND user_id = ANY($2::int[])
          AND subject_id = ANY($3::int[]) AND revoked_at IS NULL AND expires_at > now()`,
      [organizationId, userIds, documentIds],
    )) as { userId: number; documentId: number }[];
  }

  /** (person, SOP) pairs of these SOPs with a certification in force, each pair once. */
  async holders(organizationId: number, documentIds: number[]) {
    return (await this.db.query(
      `SELECT DISTINCT user_id AS "userId", subject_id AS "documentId" FROM certifications
        WHERE organization_id = $1 AND kind = 'sop' AND subject_id = ANY($2::int[])
          AND revoked_at IS NULL AND expires_at > now()`,
      [organizationId, documentIds],
    )) as { userId: number; documentId: number }[];
  }

  /**
   * Marks the SOP's certifications in force as needing re-observation because of `version`,
   * once per (SOP, version): a repeat finds the change recorded and marks nobody, so a pass
   * made in between is not undone. Those already marked keep the version that marked them first.
   */
  async requireReobservation(organizationId: number, documentId: number, version: number) {
    return this.db.transaction(async (tx) => {
      const recorded = (await tx.query(
        `INSERT INTO reobservation_changes (organization_id, document_id, version)
         VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING version`,
        [organizationId, documentId, version],
      )) as unknown[];
      if (recorded.length === 0) return 0;
      const [, marked] = (await tx.query(
        `UPDATE certifications SET reobservation_version = $3, reobservation_since = now()
          WHERE organization_id = $1 AND kind = 'sop' AND subject_id = $2
            AND revoked_at IS NULL AND expires_at > now() AND reobservation_version IS NULL`,
        [organizationId, documentId, version],
      )) as [unknown[], number];
      return marked;
    });
  }

  async revoke(
    organizationId: number,
    id: number,
    by: number,
    reason: string,
    manager: EntityManager = this.db.manager,
  ): Promise<CertificationRow | null> {
    // TypeORM answers an UPDATE ... RETURNING as [rows, affected count]. Revoking a revoked one
    // is the same revocation (its webhook event too): who revoked it and why stay the first's.
    const [rows] = (await manager.query(
      `UPDATE certifications
          SET revoked_by = CASE WHEN revoked_at IS NULL THEN $3 ELSE revoked_by END,
              revoked_reason = CASE WHEN revoked_at IS NULL THEN $4 ELSE revoked_reason END,
              revoked_at = coalesce(revoked_at, now())
        WHERE id = $1 AND organization_id = $2 RETURNING id`,
      [id, organizationId, by, reason],
    )) as [{ id: number }[], number];
    return rows[0] ? this.find(organizationId, id, manager) : null;
  }

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /**
   * Up to `batch` certifications whose expiring-soon or expired state is not announced yet,
   * soonest first, locked for the transaction; rows another replica holds are skipped.
   */
  async lockDueForAnnouncement(tx: EntityManager, batch: number): Promise<CertificationRow[]> {
    return (await tx.query(
      `SELECT * FROM certifications
        WHERE revoked_at IS NULL AND expires_at <= ${EXPIRING_SOON_END_SQL}
          AND notified_state IS DISTINCT FROM (CASE WHEN expires_at <= now() THEN 'expired' ELSE 'expiring_soon' END)
        ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [batch],
    )) as CertificationRow[];
  }

  /** The states now announced, one statement for the batch. */
  async rememberAnnounced(
    tx: EntityManager,
    announced: { id: number; state: 'expiring_soon' | 'expired' }[],
  ) {
    if (announced.length === 0) return;
    await tx.query(
      `UPDATE certifications c SET notified_state = a.state
         FROM unnest($1::int[], $2::text[]) AS a(id, state) WHERE c.id = a.id`,
      [announced.map((one) => one.id), announced.map((one) => one.state)],
    );
  }
}
