import { Body, Controller, HttpCode, Inject, Param, Query } from '@nestjs/common';
import {
  type Actor,
  type PageRequest,
  api,
  identityRpc,
  type IdParams,
  type NotificationSettingChange,
} from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';

@Controller()
export class NotificationsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Endpoint(api.notifications)
  list(@CurrentActor() actor: Actor, @Query() page: PageRequest) {
    return this.rpc.relay(identityRpc.notifications, { actor, page });
  }

  @Endpoint(api.markNotificationRead)
  @HttpCode(200)
  markRead(@CurrentActor() actor: Actor, @Param() params: IdParams) {
    return this.rpc.relay(identityRpc.markNotificationRead, { actor, notificationId: params.id });
  }

  @Endpoint(api.markAllNotificationsRead)
  @HttpCode(200)
  markAllRead(@CurrentActor() actor: Actor) {
    return this.rpc.relay(identityRpc.markAllNotificationsRead, { actor });
  }

  @Endpoint(api.notificationSettings)
  settings(@CurrentActor() actor: Actor) {
    return this.rpc.relay(identityRpc.notificationSettings, { actor });
  }

  @Endpoint(api.changeNotificationSetting)
  changeSetting(@CurrentActor() actor: Actor, @Body() change: NotificationSettingChange) {
    return this.rpc.relay(identityRpc.changeNotificationSetting, { actor, change });
  }

  @Endpoint(api.activitySummary)
  summary(@CurrentActor() actor: Actor) {
    return this.rpc.relay(identityRpc.activitySummary, { actor });
  }
}
