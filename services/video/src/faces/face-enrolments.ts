import { Inject, Injectable } from '@nestjs/common';
import { type FaceEnrolment, identityRpc, type NotYetEnrolled } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import { RPC } from '../config.js';
import { FaceEnrolmentsRepository } from './face-enrolments.repository.js';

/** Face embeddings of profile pictures, one per user, kept per organization. */
@Injectable()
export class FaceEnrolments {
  constructor(
    @Inject(FaceEnrolmentsRepository) private readonly faces: FaceEnrolmentsRepository,
    @Inject(RPC) private readonly rpc: RpcClient,
  ) {}

  /** How many of the organization's pictures set within the last `minutes` await enrolment. */
  async pendingIn(organizationId: number, minutes: number): Promise<number> {
    return this.faces.pendingCount(organizationId, minutes);
  }

  /**
   * Only this organization's people: nothing else is ever compared with its videos. Each with its
   * space, for the worker to compare only those of its own.
   */
  async ofOrganization(organizationId: number): Promise<FaceEnrolment[]> {
    const rows = await this.faces.enrolled(organizationId);
    if (rows.length === 0) return [];
    const members = await this.rpc.call(identityRpc.members, { organizationId });
    const names = new Map(members.map((member) => [member.id, member.name]));
    return rows
      .filter((row) => names.has(row.user_id))
      .map((row) => ({
        userId: row.user_id,
        name: names.get(row.user_id)!,
        embedding: row.embedding,
        space: row.embedding_space,
      }));
  }

  /**
   * Whose profile picture still awaits its enrolment, however long ago it was set: an analysis
   * that stops waiting names them in its report rather than silently missing them.
   */
  async notYetEnrolled(organizationId: number): Promise<NotYetEnrolled[]> {
    const userIds = await this.faces.pendingUsers(organizationId);
    if (userIds.length === 0) return [];
    const members = await this.rpc.call(identityRpc.members, { organizationId });
    const names = new Map(members.map((member) => [member.id, member.name]));
    return userIds
      .filter((userId) => names.has(userId))
      .map((userId) => ({ userId, name: names.get(userId)! }));
  }
}
