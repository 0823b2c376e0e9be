import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DomainEvent } from '@hub/proto';
import { OrganizationDeleted } from '../organizations/organization-deleted.js';
import { writeOrganizationData } from '../organizations/organizations.repository.js';

export type MembershipChange = Extract<
  DomainEvent,
  { type: 'member.suspended' | 'member.restored' }
>;

/** A person identity lists as suspended. */
export interface SuspendedKey {
  organizationId: number;
  userId: number;
}

/**
 * Who of an organization is suspended, as identity's events told (migration 1768000020000): the
 * floor's only source for it, so it answers without identity.
 */
@Injectable()
export class MemberSuspensionsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * Records a suspension or a restoration unless a change at the same instant or later is
   * recorded (a replay, or an older change delivered late, changes nothing). None for an
   * organization whose deletion was handled: its rows went with it and stay gone.
   */
  async record(change: MembershipChange): Promise<void> {
    try {
      await writeOrganizationData(this.db, change.organizationId, (tx) =>
        tx.query(
          `INSERT INTO member_suspensions AS s (organization_id, user_id, suspended, changed_at)
           VALUES ($1, $2, $3, $4)
           ON CONFLICT (organization_id, user_id) DO UPDATE
             SET suspended = excluded.suspended, changed_at = excluded.changed_at
             WHERE s.changed_at < excluded.changed_at`,
          [change.organizationId, change.userId, change.type === 'member.suspended', change.at],
        ),
      );
    } catch (error) {
      if (!(error instanceof OrganizationDeleted)) throw error;
    }
  }

  /**
   * After a complete pass of identity's suspended members (`listed`), every row still suspended,
   * changed before `asOf` (identity's clock when its first page was read) and not listed, marked
   * restored at `asOf`: identity restored them, and their event was lost or ignored. One
   * statement over every organization; a deleted organization's rows are gone already, and a
   * change recorded meanwhile at or after `asOf` is left standing.
   */
  async restoreUnlisted(asOf: string, listed: SuspendedKey[]): Promise<number> {
    const [, count] = (await this.db.query(
      `UPDATE member_suspensions s SET suspended = false, changed_at = $1
        WHERE s.suspended AND s.changed_at < $1
          AND NOT EXISTS (SELECT 1 FROM unnest($2::int[], $3::int[]) AS l(organization_id, user_id)
                           WHERE l.organization_id = s.organization_id
                             AND l.user_id = s.user_id)`,
      [asOf, listed.map((key) => key.organizationId), listed.map((key) => key.userId)],
    )) as [unknown, number];
    return count;
  }

  /** A deleted person's row. */
  async forget(organizationId: number, userId: number): Promise<void> {
    await this.db.query(
      `DELETE FROM member_suspensions WHERE organization_id = $1 AND user_id = $2`,
      [organizationId, userId],
    );
  }

  /** Those of `userIds` suspended now. */
  async suspendedAmong(organizationId: number, userIds: number[]): Promise<number[]> {
    if (userIds.length === 0) return [];
    const rows = (await this.db.query(
      `SELECT user_id FROM member_suspensions
        WHERE organization_id = $1 AND user_id = ANY ($2::int[]) AND suspended
        ORDER BY user_id`,
      [organizationId, userIds],
    )) as { user_id: number }[];
    return rows.map((row) => row.user_id);
  }
}
