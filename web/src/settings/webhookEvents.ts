import type { DeliveredEventType } from '@hub/proto';
import { useTranslation } from 'react-i18next';

/** Each event's name in the catalog (i18next keys cannot hold the event type's dot). */
const EVENT_KEYS = {
  'member.joined': 'memberJoined',
  'member.removed': 'memberRemoved',
  'document.processed': 'documentProcessed',
  'evaluation.published': 'evaluationPublished',
  'observation.completed': 'observationCompleted',
  'certification.issued': 'certificationIssued',
  'certification.expiring': 'certificationExpiring',
  'certification.expired': 'certificationExpired',
  'certification.revoked': 'certificationRevoked',
  'video.analysed': 'videoAnalysed',
  'webhook.test': 'webhookTest',
} as const satisfies Record<DeliveredEventType, string>;

export function useEventName() {
  const { t } = useTranslation();
  return (type: DeliveredEventType) => t(`settings.webhooks.eventNames.${EVENT_KEYS[type]}`);
}
