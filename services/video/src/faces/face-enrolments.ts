import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type FaceEnrolment, identityRpc, type NotYetEnrolled } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import { RPC } from '../config.js';

/** Face embeddings of profile pictures, one per user, kept per organization. */
@Injectable()
export class FaceEnrolments {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(RPC) private readonly rpc: RpcClient,
  ) {}

  /** How many of the organization's pictures set within the last `minutes` await enrolment. */
  async pendingIn(organizationId: number, minutes: number): Promise<number> {
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS pending FROM face_enrolments
        WHERE organization_id = $1 AND model = 'pending'
          AND enrolled_at > now() - make_interval(mins => $2)`,
      [organizationId, minutes],
    )) as { pending: number }[];
    return row?.pending ?? 0;
  }

  /** Only this organization's people: nothing else is ever compared with its videos. */
  async ofOrganization(organizationId: number): Promise<FaceEnrolment[]> {
    const rows = (await this.db.query(
      `SELECT user_id, embedding FROM face_enrolments WHERE organization_id = $1 AND model <> 'pending'`,
      [organizationId],
    )) as { user_id: number; embedding: number[] }[];
    if (rows.length === 0) return [];
    const members = await this.rpc.call(identityRpc.members, { organizationId });
    const names = new Map(members.map((member) => [member.id, member.name]));
    return rows
      .filter((row) => names.has(row.user_id))
      .map((row) => ({
        userId: row.user_id,
        name: names.get(row.user_id)!,
        embedding: row.embedding,
      }));
  }

  /**
   * Whose profile picture still awaits its enrolment, however long ago it was set: an analysis
   * that stops waiting names them in its report rather than silently missing them.
   */
  async notYetEnrolled(organizationId: number): Promise<NotYetEnrolled[]> {
    const rows = (await this.db.query(
      `SELECT user_id FROM face_enrolments WHERE organization_id = $1 AND model = 'pending'`,
      [organizationId],
    )) as { user_id: number }[];
    if (rows.length === 0) return [];
    const members = await this.rpc.call(identityRpc.members, { organizationId });
    const names = new Map(members.map((member) => [member.id, member.name]));
    return rows
      .filter((row) => names.has(row.user_id))
      .map((row) => ({ userId: row.user_id, name: names.get(row.user_id)! }));
  }
}
