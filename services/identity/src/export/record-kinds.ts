import type { EXPORT_KINDS } from '@hub/proto';
import type { RecordKind } from '@hub/kit';
import { membersMayRead } from '../audit/audit-log.repository.js';

/**
 * The organization's people, the super administrator left out: their account lives in an
 * organization (the platform's) but is not that organization's to take away.
 */
const MEMBER_IDS = `SELECT id FROM users WHERE organization_id = $1 AND role <> 'super_admin'`;
const NOT_SUPER_ADMINS = `NOT EXISTS (SELECT 1 FROM users u WHERE u.id = t.user_id AND u.role = 'super_admin')`;

/** How each kind of the identity service's records is read for an organization's export. */
export const IDENTITY_RECORD_KINDS: Record<(typeof EXPORT_KINDS)['identity'][number], RecordKind> =
  {
    organization: { table: 'organizations', scope: 't.id = $1', key: ['id'] },
    members: {
      table: 'users',
      scope: `t.organization_id = $1 AND t.role <> 'super_admin'`,
      key: ['id'],
      omit: ['password_hash'],
    },
    preferences: {
      table: 'user_preferences',
      scope: `t.user_id IN (${MEMBER_IDS})`,
      key: ['user_id'],
    },
    'notification-settings': {
      table: 'notification_settings',
      scope: `t.user_id IN (${MEMBER_IDS})`,
      key: ['user_id'],
    },
    notifications: {
      table: 'notifications',
      scope: `t.organization_id = $1 AND ${NOT_SUPER_ADMINS}`,
      key: ['id'],
    },
    'sign-ins': {
      table: 'sign_in_events',
      scope: `t.organization_id = $1 AND ${NOT_SUPER_ADMINS}`,
      key: ['id'],
    },
    // As its members read it: the platform's acts filed under it are not theirs to take away.
    'audit-log': {
      table: 'audit_log',
      scope: `t.organization_id = $1 AND ${membersMayRead('t.', '$1')}`,
      key: ['id'],
    },
    invitations: {
      table: 'invitations',
      scope: `t.user_id IN (${MEMBER_IDS})`,
      key: ['id'],
      omit: ['token_hash'],
    },
    'saml-settings': {
      table: 'saml_settings',
      scope: 't.organization_id = $1',
      key: ['organization_id'],
    },
    'people-imports': { table: 'people_imports', scope: 't.organization_id = $1', key: ['id'] },
    'people-import-rows': {
      table: 'people_import_rows',
      scope: 't.import_id IN (SELECT id FROM people_imports WHERE organization_id = $1)',
      key: ['import_id', 'row_number'],
    },
    'webhook-endpoints': {
      table: 'webhook_endpoints',
      scope: 't.organization_id = $1',
      key: ['id'],
      omit: ['secret', 'previous_secret', 'older_secrets'],
    },
  };

/**
 * The identity tables no kind reads, and why: the export's test requires every table of the
 * schema to be read by a kind or named here, so a new table is a decision, not an omission.
 */
export const IDENTITY_NOT_EXPORTED: Readonly<Record<string, string>> = {
  migrations: "the schema's own history, no organization's",
  global_prompts: "the super administrator's AI prompts, of no organization",
  sessions: 'credentials: sign-in sessions and their token hashes',
  api_tokens: 'credentials: API token hashes (a new token is made, never moved)',
  scim_tokens: "credentials: the identity provider's bearer token hashes",
  email_changes: 'credentials: pending email confirmations and their token hashes',
  outbox_mails: 'mail kept without SMTP: its links carry sign-in and invitation tokens',
  outbox: 'events waiting to be published: copies of facts the archive holds',
  notification_mails: "the mail queue's bookkeeping: attempts and due times of notifications",
  webhook_deliveries: "the webhook queue's bookkeeping: attempts of events sent to endpoints",
  picture_uploads: "uploads' bookkeeping: the pictures themselves are files of the archive",
  active_members: 'a counter kept by triggers on users (team stats)',
  membership_versions: 'a counter kept by triggers on users (team stats caches)',
};
