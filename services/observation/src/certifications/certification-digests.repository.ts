import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export type AnnouncedState = 'expiring_soon' | 'expired';

/** A day's digest of an organization: what its supervisors are told in one notice. */
export interface DigestRow {
  organization_id: number;
  /** YYYY-MM-DD (UTC). */
  day: string;
  expiring_soon: number;
  expired: number;
}

/**
 * The supervisors' daily digest of announced certification states (migration
 * 1767500000000): items wait until a day's digest claims them; the digest row is built once
 * per organization and day and delivered until marked so.
 */
@Injectable()
export class CertificationDigestsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * In the announcing transaction: the states wait for the next digest, one statement for the
   * batch. A certification that changes state again before then waits once, with its latest.
   */
  async wait(
    tx: EntityManager,
    items: { organizationId: number; id: number; state: AnnouncedState }[],
  ) {
    if (items.length === 0) return;
    await tx.query(
      `INSERT INTO certification_digest_items (organization_id, certification_id, state)
       SELECT * FROM unnest($1::int[], $2::int[], $3::text[])
       ON CONFLICT (certification_id) WHERE digest_day IS NULL DO UPDATE SET state = EXCLUDED.state`,
      [
        items.map((item) => item.organizationId),
        items.map((item) => item.id),
        items.map((item) => item.state),
      ],
    );
  }

  /** Organizations with items no digest claimed yet. */
  async organizationsWaiting(): Promise<number[]> {
    const rows = (await this.db.query(
      `SELECT DISTINCT organization_id FROM certification_digest_items WHERE digest_day IS NULL`,
    )) as { organization_id: number }[];
    return rows.map((row) => row.organization_id);
  }

  /**
   * Builds the organization's digest of `day` from the items waiting now, unless that day's
   * exists already (then they wait for the next day's). The row is created first, so a second
   * replica waits on its key and then does nothing; an item committed after the claim began is
   * left waiting. Counted: items whose certification still is in the announced state (a
   * renewal or a revocation since takes it out). Nothing left to count: no digest that day.
   */
  build(organizationId: number, day: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const key = [organizationId, day];
      const created = (await tx.query(
        `INSERT INTO certification_digests (organization_id, day) VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING day`,
        key,
      )) as unknown[];
      if (created.length === 0) return false;
      const [counted] = (await tx.query(
        `WITH claimed AS (
           UPDATE certification_digest_items SET digest_day = $2
            WHERE organization_id = $1 AND digest_day IS NULL
           RETURNING certification_id, state)
         SELECT count(*) FILTER (WHERE claimed.state = 'expiring_soon')::int AS expiring_soon,
                count(*) FILTER (WHERE claimed.state = 'expired')::int AS expired
           FROM claimed JOIN certifications c ON c.id = claimed.certification_id
          WHERE c.revoked_at IS NULL AND c.notified_state = claimed.state`,
        key,
      )) as Pick<DigestRow, 'expiring_soon' | 'expired'>[];
      if (counted!.expiring_soon + counted!.expired > 0) {
        await tx.query(
          `UPDATE certification_digests SET expiring_soon = $3, expired = $4
            WHERE organization_id = $1 AND day = $2`,
          [...key, counted!.expiring_soon, counted!.expired],
        );
        return true;
      }
      // Only renewed or revoked ones: they are dropped and the day stays free for a digest.
      await tx.query(
        `DELETE FROM certification_digest_items WHERE organization_id = $1 AND digest_day = $2`,
        key,
      );
      await tx.query(
        `DELETE FROM certification_digests WHERE organization_id = $1 AND day = $2`,
        key,
      );
      return false;
    });
  }

  /** Digests not yet delivered to everyone, oldest first. */
  async undelivered(): Promise<DigestRow[]> {
    return (await this.db.query(
      `SELECT organization_id, to_char(day, 'YYYY-MM-DD') AS day, expiring_soon, expired
         FROM certification_digests WHERE delivered_at IS NULL ORDER BY day, organization_id`,
    )) as DigestRow[];
  }

  /** Who issued the digest's certifications (the observers, told by the digest). */
  async observersOf(digest: DigestRow): Promise<number[]> {
    const rows = (await this.db.query(
      `SELECT DISTINCT c.observer_id FROM certification_digest_items i
         JOIN certifications c ON c.id = i.certification_id
        WHERE i.organization_id = $1 AND i.digest_day = $2 AND c.observer_id IS NOT NULL
          AND c.revoked_at IS NULL AND c.notified_state = i.state`,
      [digest.organization_id, digest.day],
    )) as { observer_id: number }[];
    return rows.map((row) => row.observer_id);
  }

  /** Told: the digest keeps its counts, its items go. */
  markDelivered(digest: DigestRow): Promise<void> {
    return this.db.transaction(async (tx) => {
      const key = [digest.organization_id, digest.day];
      await tx.query(
        `UPDATE certification_digests SET delivered_at = now()
          WHERE organization_id = $1 AND day = $2`,
        key,
      );
      await tx.query(
        `DELETE FROM certification_digest_items WHERE organization_id = $1 AND digest_day = $2`,
        key,
      );
    });
  }
}
