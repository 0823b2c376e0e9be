import {
  ActivitySummary,
  MarkAllNotificationsRead,
  Notification,
  NotificationSettingChange,
  NotificationSettings,
  NotificationListQuery,
  NotificationPage,
} from '../accounts.js';
import { IdParams } from '../row-id.js';
import { defineRoute } from '../http.js';
import { identityRpc } from '../rpc/identity.js';
import { ALL_ROLES } from '../roles.js';
import { z } from 'zod';

export const notificationsRoutes = {
  notifications: defineRoute({
    method: 'GET',
    path: '/api/notifications',
    summary: 'Your notifications, newest first (cursor-paged)',
    tag: 'notifications',
    access: ALL_ROLES,
    query: NotificationListQuery,
    response: NotificationPage,
    paged: { items: 'notifications' },
    relay: {
      rpc: identityRpc.notifications,
      request: ({ actor, query }) => ({ actor, page: query }),
    },
  }),
  markNotificationRead: defineRoute({
    method: 'POST',
    path: '/api/notifications/:id/read',
    summary: 'Mark one of your notifications as read',
    tag: 'notifications',
    access: ALL_ROLES,
    params: IdParams,
    response: Notification,
    relay: {
      rpc: identityRpc.markNotificationRead,
      request: ({ actor, params }) => ({ actor, notificationId: params.id }),
      status: 200,
    },
  }),
  markAllNotificationsRead: defineRoute({
    method: 'POST',
    path: '/api/notifications/read-all',
    summary: 'Mark all your notifications as read, up to `upTo` (the newest one shown) when given',
    tag: 'notifications',
    access: ALL_ROLES,
    body: MarkAllNotificationsRead,
    response: z.object({ updated: z.number().int() }),
    relay: {
      rpc: identityRpc.markAllNotificationsRead,
      request: ({ actor, body }) => ({ actor, upTo: body.upTo }),
      status: 200,
    },
  }),
  notificationSettings: defineRoute({
    method: 'GET',
    path: '/api/notification-settings',
    summary: 'Your notification preferences',
    tag: 'notifications',
    access: ALL_ROLES,
    response: NotificationSettings,
    relay: { rpc: identityRpc.notificationSettings, request: ({ actor }) => ({ actor }) },
  }),
  changeNotificationSetting: defineRoute({
    method: 'PUT',
    path: '/api/notification-settings',
    summary: 'Change one notification preference',
    tag: 'notifications',
    access: ALL_ROLES,
    body: NotificationSettingChange,
    response: NotificationSettings,
    relay: {
      rpc: identityRpc.changeNotificationSetting,
      request: ({ actor, body }) => ({ actor, change: body }),
    },
  }),
  activitySummary: defineRoute({
    method: 'GET',
    path: '/api/activity-summary',
    summary: 'Notifications this week, actions completed, pending items',
    tag: 'notifications',
    access: ALL_ROLES,
    response: ActivitySummary,
    relay: { rpc: identityRpc.activitySummary, request: ({ actor }) => ({ actor }) },
  }),
} as const;
