import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import {
  type Actor,
  ORGANIZATION_ADMINS,
  FACE_REFERENCE_LIMIT,
  type FaceEnrolmentJob,
  type FaceReference,
  type FaceReferenceList,
  identityRpc,
} from '@hub/proto';
import {
  addFairly,
  belongsToOrganization,
  type ObjectStorage,
  RpcClient,
  RpcFailure,
} from '@hub/kit';
import { ENROLMENT_QUEUE, RPC, STORAGE } from '../config.js';
import { type FaceReferenceRow, FaceReferencesRepository } from './face-references.repository.js';

export const REFERENCE_NOT_FOUND = 'Reference photo not found.';
export const REFERENCE_LIMIT_REACHED = `A person has at most ${FACE_REFERENCE_LIMIT} reference photos. Delete one before adding another.`;
const NOT_A_MEMBER = 'This person is not a member of your organization.';

/**
 * How long an upload waits for the worker's check. The gateway's call waits longer; a photo
 * still checking after this is answered 'checking' and the list tells its outcome later.
 */
export const REFERENCE_CHECK_WAIT_MS = 40_000;
const POLL_MS = 200;

export function toFaceReference(row: FaceReferenceRow): FaceReference {
  return {
    id: row.id,
    userId: row.user_id,
    status: row.model === 'pending' ? 'checking' : row.model === 'rejected' ? 'rejected' : 'ready',
    reason: row.rejection,
    addedAt: row.enrolled_at.toISOString(),
  };
}

/**
 * Reference photos of a person's face besides the profile picture: each is checked by the
 * video worker (one face, large enough, sharp) and, once enrolled, is one more enrolment of the
 * person that analyses compare faces with. A person manages their own; administrators a member's.
 */
@Injectable()
export class FaceReferencesService {
  constructor(
    @Inject(FaceReferencesRepository) private readonly references: FaceReferencesRepository,
    @Inject(RPC) private readonly rpc: RpcClient,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
    @Inject(ENROLMENT_QUEUE) private readonly queue: Queue<FaceEnrolmentJob>,
  ) {}

  /** Yourself, or (administrators) a member of your organization. */
  private async requireManage(actor: Actor, userId: number): Promise<void> {
    if (actor.userId === userId) return;
    if (!ORGANIZATION_ADMINS.includes(actor.role)) throw RpcFailure.forbidden();
    const [member] = await this.rpc.call(identityRpc.membersByIds, {
      organizationId: actor.organizationId,
      userIds: [userId],
    });
    if (!member) throw RpcFailure.notFound(NOT_A_MEMBER);
  }

  async list(actor: Actor, userId: number): Promise<FaceReferenceList> {
    await this.requireManage(actor, userId);
    const rows = await this.references.ofUser(actor.organizationId, userId);
    return { references: rows.map(toFaceReference), limit: FACE_REFERENCE_LIMIT };
  }

  /** Stores the photo's row, has the worker check it and answers its verdict. */
  async add(actor: Actor, userId: number, storageKey: string): Promise<FaceReference> {
    if (!belongsToOrganization(storageKey, actor.organizationId)) throw RpcFailure.forbidden();
    await this.requireManage(actor, userId);
    const row = await this.references.addPending(
      actor.organizationId,
      userId,
      storageKey,
      FACE_REFERENCE_LIMIT,
    );
    if (!row) throw RpcFailure.validation(REFERENCE_LIMIT_REACHED, 'photo');
    await addFairly(this.queue, 'enrol', {
      userId,
      organizationId: actor.organizationId,
      pictureKey: storageKey,
      changedBy: actor.userId,
      purpose: 'reference',
    });
    return this.verdict(actor.organizationId, row.id);
  }

  /**
   * Waits for the worker's verdict. A refused photo leaves nothing behind: its file went with
   * the verdict, its row (kept only to carry the reason here) goes now.
   */
  private async verdict(organizationId: number, referenceId: number): Promise<FaceReference> {
    const deadline = Date.now() + REFERENCE_CHECK_WAIT_MS;
    for (;;) {
      const row = await this.references.find(organizationId, referenceId);
      if (!row) throw RpcFailure.notFound(REFERENCE_NOT_FOUND);
      if (row.model === 'rejected') {
        await this.references.delete(organizationId, referenceId);
        throw RpcFailure.validation(row.rejection ?? 'The photo could not be used.', 'photo');
      }
      if (row.model !== 'pending' || Date.now() > deadline) return toFaceReference(row);
      await sleep(POLL_MS);
    }
  }

  async remove(actor: Actor, userId: number, referenceId: number): Promise<{ message: string }> {
    await this.requireManage(actor, userId);
    const row = await this.references.find(actor.organizationId, referenceId);
    if (!row || row.user_id !== userId) throw RpcFailure.notFound(REFERENCE_NOT_FOUND);
    const key = await this.references.delete(actor.organizationId, referenceId);
    if (key) await this.storage.remove(key);
    return { message: 'Reference photo deleted.' };
  }

  /** The stored photo, for its owner and the organization's administrators. */
  async photo(actor: Actor, referenceId: number): Promise<{ storageKey: string }> {
    const row = await this.references.find(actor.organizationId, referenceId);
    if (!row || row.model === 'rejected') throw RpcFailure.notFound(REFERENCE_NOT_FOUND);
    await this.requireManage(actor, row.user_id);
    return { storageKey: row.picture_key };
  }
}
