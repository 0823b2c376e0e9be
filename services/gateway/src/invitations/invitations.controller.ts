import { Body, Controller, HttpCode, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  api,
  EXTENSION_BY_KIND,
  identityRpc,
  INVITATION_PHOTO_UPLOAD,
  type SetupPasswordRequest,
  type VerifyInvitationRequest,
} from '@hub/proto';
import { newObjectKey, type ObjectStorage, RpcClient } from '@hub/kit';
import { Endpoint } from '../http/endpoint.decorator.js';
import {
  acceptLanguageOf,
  type GuardedRequest,
  SESSION_COOKIE,
  timeZoneOf,
} from '../http/request-context.js';
import { endReplacedSession } from '../auth/replaced-session.js';
import { SessionCache } from '../auth/session-cache.js';
import { UploadReceiver } from '../uploads/upload-receiver.js';
import { STORAGE } from '../uploads/storage.token.js';

/** Invitation pages: the link's token is the credential, so these need no session. */
@Controller()
export class InvitationsController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(UploadReceiver) private readonly uploads: UploadReceiver,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
    @Inject(SessionCache) private readonly sessions: SessionCache,
  ) {}

  @Endpoint(api.verifyInvitation)
  @HttpCode(200)
  verify(@Body() body: VerifyInvitationRequest) {
    return this.rpc.relay(identityRpc.verifyInvitation, body);
  }

  @Endpoint(api.setupPassword)
  @HttpCode(200)
  async setup(
    @Body() body: SetupPasswordRequest,
    @Req() request: GuardedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const accepted = await this.rpc.relay(identityRpc.acceptInvitation, {
      ...body,
      acceptLanguage: acceptLanguageOf(request),
      timeZone: timeZoneOf(request),
    });
    await this.leaveOtherAccount(request, reply);
    return accepted;
  }

  /** The photo is stored below the invitation's organization only once the link checks out. */
  @Endpoint(api.setupPasswordWithProfile)
  @HttpCode(200)
  async setupWithProfile(
    @Req() request: GuardedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const upload = await this.uploads.receive(
      request,
      INVITATION_PHOTO_UPLOAD,
      async (kind, fields) => {
        const { organizationId } = await this.rpc.call(identityRpc.invitationOrganization, fields);
        return newObjectKey(organizationId, 'profile-pictures', EXTENSION_BY_KIND[kind]!);
      },
    );
    let accepted;
    try {
      accepted = await this.rpc.call(identityRpc.acceptInvitation, {
        ...upload.fields,
        pictureKey: upload.key,
        acceptLanguage: acceptLanguageOf(request),
        timeZone: timeZoneOf(request),
      });
    } catch (error) {
      await this.storage.remove(upload.key);
      throw error;
    }
    await this.leaveOtherAccount(request, reply);
    return accepted;
  }

  /**
   * Whoever accepted is the new member, not the account this browser was signed in to (a shared
   * terminal, an administrator's own browser): after the setup the page goes to sign-in, which
   * would otherwise carry them into that account. Ended as a sign-in ends the session it replaces.
   */
  private async leaveOtherAccount(request: GuardedRequest, reply: FastifyReply): Promise<void> {
    if (!request.sessionToken) return;
    await endReplacedSession(this.rpc, this.sessions, request.sessionToken);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }
}
