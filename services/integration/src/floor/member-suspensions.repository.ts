import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DomainEvent } from '@hub/proto';
import { OrganizationDeleted } from '../organizations/organization-deleted.js';
import { writeOrganizationData } from '../organizations/organizations.repository.js';

export type MembershipChange = Extract<
  DomainEvent,
  { type: 'member.suspended' | 'member.restored' }
>;

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
