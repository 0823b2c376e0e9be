import { type DomainEvent, NOTIFICATIONS_GROUP } from '@hub/proto';
import type { EventBus, EventSubscription } from '@hub/kit';
import type { NotificationsService } from './notifications.service.js';

/**
 * Notifications' own consumer group on the event bus: what another service asks to tell through
 * its outbox (`notification.requested`, written with the change it tells of). The bus delivers at
 * least once and a failure here leaves the event pending, to be taken again, so each is told
 * under its key: a person already told under it is not told (nor mailed) again.
 */
export function handleNotificationRequests(
  events: EventBus,
  notifications: NotificationsService,
): EventSubscription {
  return events.subscribe(NOTIFICATIONS_GROUP, async (event: DomainEvent) => {
    if (event.type !== 'notification.requested') return;
    await notifications.tell(event.userIds, event.notification, event.key);
  });
}
