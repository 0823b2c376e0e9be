import { Inject, Injectable } from '@nestjs/common';
import { type FaceEnrolment, identityRpc, type NotYetEnrolled } from '@hub/proto';
import { membersByIds, type RpcClient } from '@hub/kit';
import { RPC } from '../config.js';
import { FaceEnrolmentsRepository } from './face-enrolments.repository.js';

/** Face embeddings of profile pictures, one per user, kept per organization. */
@Injectable()
export class FaceEnrolments {
  constructor(
    @Inject(FaceEnrolmentsRepository) private readonly faces: FaceEnrolmentsRepository,
    @Inject(RPC) private readonly rpc: RpcClient,
  ) {}

  /**
   * How many of the organization's people have a picture set within the last `minutes` that
   * awaits enrolment. Someone suspended is not counted: an analysis names nobody suspended
   * (forAnalysis), so it would wait for a face it will not use. Identity is asked only when
   * someone awaits (seldom: the pictures of the last few minutes).
   */
  async pendingIn(organizationId: number, minutes: number): Promise<number> {
    const userIds = await this.faces.pendingUsersWithin(organizationId, minutes);
    if (userIds.length === 0) return 0;
    const awaited = await this.rpc.call(identityRpc.memberIds, {
      organizationId,
      userIds,
      suspended: false,
    });
    return awaited.length;
  }

  /**
   * Only this organization's people: nothing else is ever compared with its videos. Each with its
   * space, for the worker to compare only those of its own.
   */
  async ofOrganization(organizationId: number): Promise<FaceEnrolment[]> {
    return (await this.forAnalysis(organizationId)).enrolments;
  }

  /**
   * The enrolments of one analysis job, and whose profile picture still awaits its enrolment,
   * however long ago it was set: an analysis that stops waiting names them in its report rather
   * than silently missing them. The names are asked of identity for those people alone, not for
   * the whole organization (100,000 people, most without a picture, were one 18 MiB answer
   * before each analysis). Someone suspended is in neither: nobody may be named while
   * suspended, yet their faces are kept for when they are not.
   */
  async forAnalysis(
    organizationId: number,
  ): Promise<{ enrolments: FaceEnrolment[]; notYetEnrolled: NotYetEnrolled[] }> {
    const [rows, pending] = await Promise.all([
      this.faces.enrolled(organizationId),
      this.faces.pendingUsers(organizationId),
    ]);
    if (rows.length === 0 && pending.length === 0) return { enrolments: [], notYetEnrolled: [] };
    const names = await this.namesOfNameable(organizationId, [
      ...new Set([...rows.map((row) => row.user_id), ...pending]),
    ]);
    const enrolments = rows
      .filter((row) => names.has(row.user_id))
      .map((row) => ({
        userId: row.user_id,
        name: names.get(row.user_id)!,
        embedding: row.embedding,
        space: row.embedding_space,
      }));
    const notYetEnrolled = pending
      .filter((userId) => names.has(userId))
      .map((userId) => ({ userId, name: names.get(userId)! }));
    return { enrolments, notYetEnrolled };
  }

  /**
   * The names of these people who are the organization's members and not suspended, asked a
   * batch at a time (the batches at once: the job is queued after them).
   */
  private async namesOfNameable(
    organizationId: number,
    userIds: number[],
  ): Promise<Map<number, string>> {
    const found = await membersByIds(this.rpc, organizationId, userIds);
    return new Map(
      found.flatMap((member) => (member.suspended ? [] : [[member.id, member.name] as const])),
    );
  }
}
