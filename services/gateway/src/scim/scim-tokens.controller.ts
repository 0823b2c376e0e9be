import { Body, Controller, Inject } from '@nestjs/common';
import {
  type Actor,
  api,
  type CreatedScimToken,
  type CreateScimTokenRequest,
  SCIM_BASE_PATH,
  scimRpc,
} from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';

@Controller()
export class ScimTokensController {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** The secret and the base URL to paste into the identity provider, answered this once. */
  @Endpoint(api.createScimToken)
  async create(
    @CurrentActor() actor: Actor,
    @Body() body: CreateScimTokenRequest,
  ): Promise<CreatedScimToken> {
    const created = await this.rpc.call(scimRpc.createToken, { actor, token: body });
    return { ...created, baseUrl: `${this.config.PUBLIC_URL.replace(/\/$/, '')}${SCIM_BASE_PATH}` };
  }
}
