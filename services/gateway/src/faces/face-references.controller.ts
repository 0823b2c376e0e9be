import {
  Controller,
  ForbiddenException,
  Inject,
  NotFoundException,
  Param,
  Req,
  Res,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { type Actor, api, EXTENSION_BY_KIND, FACE_REFERENCE_UPLOAD, videoRpc } from '@hub/proto';
import { newObjectKey, type ObjectStorage, RpcClient } from '@hub/kit';
import { API_TOKEN_SESSION_ONLY } from '../api-tokens/api-token-authenticator.js';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';
import type { GuardedRequest } from '../http/request-context.js';
import { UploadReceiver } from '../uploads/upload-receiver.js';
import { STORAGE } from '../uploads/storage.token.js';

/** The video service waits up to 40 s for the worker's check of a photo; this waits longer. */
const CHECK_TIMEOUT_MS = 60_000;

type MemberParam = { id: number };
type ReferenceParam = { referenceId: number };
type MemberReferenceParam = MemberParam & ReferenceParam;

/**
 * Your own references change from your session only, never by an API token (the routes of your
 * own are sessionOnly): a member's route naming yourself is refused to a token as they are.
 */
function refuseOwnByToken(request: GuardedRequest, actor: Actor, userId: number): void {
  if (request.apiToken && userId === actor.userId) {
    throw new ForbiddenException(API_TOKEN_SESSION_ONLY);
  }
}

/**
 * Reference photos of faces: yours (every role) or a member's (administrators; the route says
 * so, the video service checks again that the member is of your organization).
 */
@Controller()
export class FaceReferencesController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(UploadReceiver) private readonly uploads: UploadReceiver,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
  ) {}

  @Endpoint(api.addMyFaceReference)
  addMine(@CurrentActor() actor: Actor, @Req() request: GuardedRequest) {
    return this.add(actor, actor.userId, request);
  }

  @Endpoint(api.addMemberFaceReference)
  addForMember(
    @CurrentActor() actor: Actor,
    @Param() params: MemberParam,
    @Req() request: GuardedRequest,
  ) {
    refuseOwnByToken(request, actor, params.id);
    return this.add(actor, params.id, request);
  }

  @Endpoint(api.deleteMemberFaceReference)
  removeForMember(
    @CurrentActor() actor: Actor,
    @Param() params: MemberReferenceParam,
    @Req() request: GuardedRequest,
  ) {
    refuseOwnByToken(request, actor, params.id);
    return this.rpc.relay(videoRpc.deleteFaceReference, {
      actor,
      userId: params.id,
      referenceId: params.referenceId,
    });
  }

  @Endpoint(api.faceReferencePhoto)
  async photo(
    @CurrentActor() actor: Actor,
    @Param() params: ReferenceParam,
    @Res() reply: FastifyReply,
  ) {
    const { storageKey } = await this.rpc.call(videoRpc.faceReferencePhoto, {
      actor,
      referenceId: params.referenceId,
    });
    const stored = await this.storage.stat(storageKey);
    if (!stored) throw new NotFoundException('Reference photo not found.');
    return reply
      .type(stored.contentType)
      .header('content-length', stored.size)
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(await this.storage.get(storageKey));
  }

  /** Streams the photo into storage, then waits for the worker's check; a refused one goes. */
  private async add(actor: Actor, userId: number, request: GuardedRequest) {
    const upload = await this.uploads.receive(request, FACE_REFERENCE_UPLOAD, async (kind) =>
      newObjectKey(actor.organizationId, 'face-references', EXTENSION_BY_KIND[kind]!),
    );
    try {
      return await this.rpc.relay(
        videoRpc.addFaceReference,
        { actor, userId, storageKey: upload.key },
        CHECK_TIMEOUT_MS,
      );
    } catch (error) {
      await this.storage.remove(upload.key);
      throw error;
    }
  }
}
