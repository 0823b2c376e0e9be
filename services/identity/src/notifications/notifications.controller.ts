import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { identityRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { NotificationsService } from './notifications.service.js';

@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @RpcHandler(identityRpc.notifications)
  list(@Payload() request: RpcRequest<typeof identityRpc.notifications>) {
    return this.notifications.list(request.actor, request.page);
  }

  @RpcHandler(identityRpc.markNotificationRead)
  markRead(@Payload() request: RpcRequest<typeof identityRpc.markNotificationRead>) {
    return this.notifications.markRead(request.actor, request.notificationId);
  }

  @RpcHandler(identityRpc.markAllNotificationsRead)
  markAllRead(@Payload() request: RpcRequest<typeof identityRpc.markAllNotificationsRead>) {
    return this.notifications.markAllRead(request.actor, request.upTo);
  }

  @RpcHandler(identityRpc.notificationSettings)
  settings(@Payload() request: RpcRequest<typeof identityRpc.notificationSettings>) {
    return this.notifications.settings(request.actor);
  }

  @RpcHandler(identityRpc.changeNotificationSetting)
  changeSetting(@Payload() request: RpcRequest<typeof identityRpc.changeNotificationSetting>) {
    return this.notifications.changeSetting(request.actor, request.change);
  }

  /** Other services announce events to users through this (document processed, video analysed...). */
  @RpcHandler(identityRpc.notify)
  async notify(@Payload() request: RpcRequest<typeof identityRpc.notify>) {
    return {
      delivered: await this.notifications.tell(request.userIds, request.notification, request.key),
    };
  }

  /** Many people told each their own notification (a batch of the certification expiry sweep). */
  @RpcHandler(identityRpc.notifyEach)
  async notifyEach(@Payload() request: RpcRequest<typeof identityRpc.notifyEach>) {
    return { delivered: await this.notifications.tellEach(request.items) };
  }

  @RpcHandler(identityRpc.activitySummary)
  summary(@Payload() request: RpcRequest<typeof identityRpc.activitySummary>) {
    return this.notifications.summary(request.actor);
  }
}
