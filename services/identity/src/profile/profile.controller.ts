import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { identityRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { ProfileService } from './profile.service.js';
import { ProfilePicturesService } from './profile-pictures.service.js';
import { EmailChangeService } from './email-change.service.js';

@Controller()
export class ProfileController {
  constructor(
    private readonly profile: ProfileService,
    private readonly pictures: ProfilePicturesService,
    private readonly emailChanges: EmailChangeService,
  ) {}

  @RpcHandler(identityRpc.updateProfile)
  update(@Payload() request: RpcRequest<typeof identityRpc.updateProfile>) {
    return this.profile.update(request.actor, request.profile);
  }

  @RpcHandler(identityRpc.confirmEmail)
  confirmEmail(@Payload() request: RpcRequest<typeof identityRpc.confirmEmail>) {
    return this.emailChanges.confirm(request.token);
  }

  @RpcHandler(identityRpc.changePassword)
  changePassword(@Payload() request: RpcRequest<typeof identityRpc.changePassword>) {
    return this.profile.changePassword(request.actor, request.sessionId, request.change);
  }

  @RpcHandler(identityRpc.registerPictureUpload)
  register(@Payload() request: RpcRequest<typeof identityRpc.registerPictureUpload>) {
    return this.pictures.register(request.actor, request.storageKey);
  }

  @RpcHandler(identityRpc.changeProfilePicture)
  changePicture(@Payload() request: RpcRequest<typeof identityRpc.changeProfilePicture>) {
    return this.pictures.change(request.actor, request.fileName);
  }

  @RpcHandler(identityRpc.locateProfilePicture)
  locate(@Payload() request: RpcRequest<typeof identityRpc.locateProfilePicture>) {
    return this.pictures.locate(request.actor, request.userId);
  }
}
