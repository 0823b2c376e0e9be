import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { identityRpc, insightsRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { StatsService } from './stats.service.js';

@Controller()
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @RpcHandler(identityRpc.dashboardStats)
  dashboard(@Payload() request: RpcRequest<typeof identityRpc.dashboardStats>) {
    return this.stats.dashboard(request.actor);
  }

  @RpcHandler(identityRpc.recentActivity)
  recentActivity(@Payload() request: RpcRequest<typeof identityRpc.recentActivity>) {
    return this.stats.recentActivity(request.actor, request.limit);
  }

  @RpcHandler(insightsRpc.activeUsers)
  activeUsers(@Payload() request: RpcRequest<typeof insightsRpc.activeUsers>) {
    return this.stats.activeUsers(request.actor);
  }
}
