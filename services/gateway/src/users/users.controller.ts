import { Controller, Inject } from '@nestjs/common';
import { api, identityRpc, type Actor } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';

@Controller()
export class UsersController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Endpoint(api.currentUser)
  current(@CurrentActor() actor: Actor) {
    return this.rpc.relay(identityRpc.currentUser, { actor });
  }
}
