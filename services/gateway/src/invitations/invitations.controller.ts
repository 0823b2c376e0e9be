import { Body, Controller, HttpCode, Inject, Req } from '@nestjs/common';
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
import { acceptLanguageOf, type GuardedRequest, timeZoneOf } from '../http/request-context.js';
import { UploadReceiver } from '../uploads/upload-receiver.js';
import { STORAGE } from '../uploads/storage.token.js';

/** Invitation pages: the link's token is the credential, so these need no session. */
@Controller()
export class InvitationsController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(UploadReceiver) private readonly uploads: UploadReceiver,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
  ) {}

  @Endpoint(api.verifyInvitation)
  @HttpCode(200)
  verify(@Body() body: VerifyInvitationRequest) {
    return this.rpc.relay(identityRpc.verifyInvitation, body);
  }

  @Endpoint(api.setupPassword)
  @HttpCode(200)
  setup(@Body() body: SetupPasswordRequest, @Req() request: GuardedRequest) {
    return this.rpc.relay(identityRpc.acceptInvitation, {
      ...body,
      acceptLanguage: acceptLanguageOf(request),
      timeZone: timeZoneOf(request),
    });
  }

  /** The photo is stored below the invitation's organization only once the link checks out. */
  @Endpoint(api.setupPasswordWithProfile)
  @HttpCode(200)
  async setupWithProfile(@Req() request: GuardedRequest) {
    const upload = await this.uploads.receive(
      request,
      INVITATION_PHOTO_UPLOAD,
      async (kind, fields) => {
        const { organizationId } = await this.rpc.call(identityRpc.invitationOrganization, fields);
        return newObjectKey(organizationId, 'profile-pictures', EXTENSION_BY_KIND[kind]!);
      },
    );
    try {
      return await this.rpc.call(identityRpc.acceptInvitation, {
        ...upload.fields,
        pictureKey: upload.key,
        acceptLanguage: acceptLanguageOf(request),
        timeZone: timeZoneOf(request),
      });
    } catch (error) {
      await this.storage.remove(upload.key);
      throw error;
    }
  }
}
