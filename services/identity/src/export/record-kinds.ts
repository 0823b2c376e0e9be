import type { EXPORT_KINDS } from '@hub/proto';
import type { RecordKind } from '@hub/kit';

/** How each kind of the identity service's records is read for an organization's export. */
export const IDENTITY_RECORD_KINDS: Record<(typeof EXPORT_KINDS)['identity'][number], RecordKind> =
  {
    organization: { table: 'organizations', scope: 't.id = $1', key: ['id'] },
    members: {
      table: 'users',
      scope: 't.organization_id = $1',
      key: ['id'],
      omit: ['password_hash'],
    },
    preferences: {
      table: 'user_preferences',
      scope: 't.user_id IN (SELECT id FROM users WHERE organization_id = $1)',
      key: ['user_id'],
    },
    'notification-settings': {
      table: 'notification_settings',
      scope: 't.user_id IN (SELECT id FROM users WHERE organization_id = $1)',
      key: ['user_id'],
    },
    notifications: { table: 'notifications', scope: 't.organization_id = $1', key: ['id'] },
    'sign-ins': { table: 'sign_in_events', scope: 't.organization_id = $1', key: ['id'] },
    'audit-log': { table: 'audit_log', scope: 't.organization_id = $1', key: ['id'] },
  };
