import {
  Body,
  Controller,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  Req,
  Res,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  type Actor,
  api,
  type ChangePasswordRequest,
  type ConfirmEmailRequest,
  EXTENSION_BY_KIND,
  identityRpc,
  PROFILE_PICTURE_UPLOAD,
} from '@hub/proto';
import { newObjectKey, type ObjectStorage, RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';
import type { GuardedRequest } from '../http/request-context.js';
import { SessionCache } from '../auth/session-cache.js';
import { UploadReceiver } from '../uploads/upload-receiver.js';
import { STORAGE } from '../uploads/storage.token.js';

@Controller()
export class ProfileController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(UploadReceiver) private readonly uploads: UploadReceiver,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
    @Inject(SessionCache) private readonly sessions: SessionCache,
  ) {}

  @Endpoint(api.uploadProfilePicture)
  async uploadPicture(@CurrentActor() actor: Actor, @Req() request: GuardedRequest) {
    const upload = await this.uploads.receive(request, PROFILE_PICTURE_UPLOAD, async (kind) =>
      newObjectKey(actor.organizationId, 'profile-pictures', EXTENSION_BY_KIND[kind]!),
    );
    try {
      return await this.rpc.call(identityRpc.registerPictureUpload, {
        actor,
        storageKey: upload.key,
      });
    } catch (error) {
      await this.storage.remove(upload.key);
      throw error;
    }
  }

  @Endpoint(api.profilePicture)
  async picture(
    @CurrentActor() actor: Actor,
    @Param() params: { userId: number },
    @Res() reply: FastifyReply,
  ) {
    const { storageKey } = await this.rpc.call(identityRpc.locateProfilePicture, {
      actor,
      userId: params.userId,
    });
    const stored = storageKey ? await this.storage.stat(storageKey) : null;
    if (!storageKey || !stored) throw new NotFoundException('This user has no profile picture.');
    return reply
      .type(stored.contentType)
      .header('content-length', stored.size)
      .header('cache-control', 'private, max-age=604800, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(await this.storage.get(storageKey));
  }

  @Endpoint(api.confirmEmail)
  @HttpCode(200)
  confirmEmail(@Body() body: ConfirmEmailRequest) {
    return this.rpc.relay(identityRpc.confirmEmail, body);
  }

  @Endpoint(api.changePassword)
  async changePassword(
    @CurrentActor() actor: Actor,
    @Req() request: GuardedRequest,
    @Body() change: ChangePasswordRequest,
  ) {
    const answer = await this.rpc.call(identityRpc.changePassword, {
      actor,
      sessionId: request.session!.sessionId,
      change,
    });
    this.sessions.forget({ userId: actor.userId, exceptSessionId: request.session!.sessionId });
    return answer;
  }
}
