import type { WebhookView } from '@hub/proto';

/** The settings tests' one endpoint, enabled or disabled by the failures of a whole day. */
export const endpoint = (enabled: boolean): WebhookView => ({
  id: 7,
  url: 'https://hr.example.com/hooks',
  description: '',
  events: ['member.joined'],
  enabled,
  disabledReason: enabled ? null : 'every delivery failed for 24 hours',
  failingSince: null,
  previousSecretValidUntil: null,
  createdAt: '2026-12-01T00:00:00.000Z',
});
