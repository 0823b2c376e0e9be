import { Controller, Inject, Param } from '@nestjs/common';
import { type Actor, api, teamRpc } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';

/** Team Overview; the observation service computes it and checks the role again. */
@Controller()
export class TeamController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Endpoint(api.teamStats)
  stats(@CurrentActor() actor: Actor) {
    return this.rpc.relay(teamRpc.stats, { actor });
  }

  @Endpoint(api.teamMember)
  member(@CurrentActor() actor: Actor, @Param() params: { id: number }) {
    return this.rpc.relay(teamRpc.member, { actor, userId: params.id });
  }
}
