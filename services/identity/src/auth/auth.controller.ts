import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { identityRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { AuthService } from './auth.service.js';

@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @RpcHandler(identityRpc.login)
  login(@Payload() request: RpcRequest<typeof identityRpc.login>) {
    return this.auth.login(request);
  }

  @RpcHandler(identityRpc.resolveSession)
  async resolveSession(@Payload() request: RpcRequest<typeof identityRpc.resolveSession>) {
    return {
      session: await this.auth.resolve(request.token, request.acceptLanguage, request.timeZone),
    };
  }

  @RpcHandler(identityRpc.logout)
  async logout(@Payload() request: RpcRequest<typeof identityRpc.logout>) {
    return { ended: await this.auth.logout(request.token) };
  }
}
