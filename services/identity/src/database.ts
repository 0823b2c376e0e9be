import { openServiceDatabase, type SecretBox } from '@hub/kit';
import { OrganizationEntity } from './organizations/organization.entity.js';
import { UserEntity } from './users/user.entity.js';
import { SessionEntity } from './auth/session.entity.js';
import { SignInEventEntity } from './auth/sign-in-event.entity.js';
import { InvitationEntity } from './invitations/invitation.entity.js';
import { NotificationEntity } from './notifications/notification.entity.js';
import { NotificationSettingsEntity } from './notifications/notification-settings.entity.js';
import { GlobalPromptsEntity } from './prompts/global-prompts.entity.js';
import { OutboxMailEntity } from './mail/outbox-mail.entity.js';
import { PictureUploadEntity } from './profile/picture-upload.entity.js';
import { IdentityFoundation1763800000000 } from './migrations/1763800000000-identity-foundation.js';
import { Accounts1763900000000 } from './migrations/1763900000000-accounts.js';
import { SamlSettingsEntity } from './saml/saml-settings.entity.js';
import { Saml1764100000000 } from './migrations/1764100000000-saml.js';
import { EmailChanges1765400000000 } from './migrations/1765400000000-email-changes.js';
import { Settings1765700000000 } from './migrations/1765700000000-settings.js';
import { UserPreferencesEntity } from './settings/user-preferences.entity.js';
import { AuditLog1766000000000 } from './migrations/1766000000000-audit-log.js';
import { Scim1766100000000 } from './migrations/1766100000000-scim.js';
import { ScimTokenEntity } from './scim/scim-token.entity.js';
import { PeopleImports1766300000000 } from './migrations/1766300000000-people-imports.js';
import {
  PeopleImportEntity,
  PeopleImportRowEntity,
} from './people-imports/people-import.entity.js';
import { ApiTokens1766400000000 } from './migrations/1766400000000-api-tokens.js';
import { ApiTokenEntity } from './api-tokens/api-token.entity.js';
import { Languages1766470000000 } from './migrations/1766470000000-languages.js';
import { Webhooks1766500000000 } from './migrations/1766500000000-webhooks.js';
import { Outbox1767100000000 } from './migrations/1767100000000-outbox.js';
import { MembersByName1767200000000 } from './migrations/1767200000000-members-by-name.js';
import { MemberSearch1767400000000 } from './migrations/1767400000000-member-search.js';
import { NotificationKeys1767500000000 } from './migrations/1767500000000-notification-keys.js';
import { ActiveMembers1767800000000 } from './migrations/1767800000000-active-members.js';
import { NotificationMails1767830000000 } from './migrations/1767830000000-notification-mails.js';
import { MembershipVersions1767840000000 } from './migrations/1767840000000-membership-versions.js';
import { PendingMembers1767845000000 } from './migrations/1767845000000-pending-members.js';
import { PeopleImportFollowUps1767850000000 } from './migrations/1767850000000-people-import-follow-ups.js';
import { LanguageDateFormats1767860000000 } from './migrations/1767860000000-language-date-formats.js';
import { BrowserLanguages1767870000000 } from './migrations/1767870000000-browser-languages.js';
import { RefusedInvitations1767880000000 } from './migrations/1767880000000-refused-invitations.js';
import { BrowserTimeZones1767890000000 } from './migrations/1767890000000-browser-time-zones.js';
import { OrganizationTimeZones1767893000000 } from './migrations/1767893000000-organization-time-zones.js';
import { FormerAdminsTokens1767896000000 } from './migrations/1767896000000-former-admins-tokens.js';
import { WebhookDeliveryRetention1768000002000 } from './migrations/1768000002000-webhook-delivery-retention.js';
import { SuspendedMembers1768000003000 } from './migrations/1768000003000-suspended-members.js';
import { WebhookDeliveryRounds1768000013000 } from './migrations/1768000013000-webhook-delivery-rounds.js';
import { SuspensionEvents1768000021000 } from './migrations/1768000021000-suspension-events.js';
import { WebhookLastFailures1768000024000 } from './migrations/1768000024000-webhook-last-failures.js';
import { MembersByRole1768000031000 } from './migrations/1768000031000-members-by-role.js';
import { ScimModifiedTimes1768000062000 } from './migrations/1768000062000-scim-modified-times.js';
import { OlderWebhookSecrets1768000066000 } from './migrations/1768000066000-older-webhook-secrets.js';
import { WebhookDeliveryLog1768000072000 } from './migrations/1768000072000-webhook-delivery-log.js';
import { sealedWebhookSecrets } from './migrations/1767100001000-sealed-webhook-secrets.js';

export const IDENTITY_SCHEMA = 'identity';

/** `webhookSecrets` seals the endpoints' secrets an older release kept in clear. */
export const openIdentityDatabase = (url: string, webhookSecrets?: SecretBox, poolSize?: number) =>
  openServiceDatabase({
    url,
    poolSize,
    schema: IDENTITY_SCHEMA,
    entities: [
      OrganizationEntity,
      UserEntity,
      SessionEntity,
      SignInEventEntity,
      InvitationEntity,
      NotificationEntity,
      NotificationSettingsEntity,
      GlobalPromptsEntity,
      OutboxMailEntity,
      PictureUploadEntity,
      SamlSettingsEntity,
      UserPreferencesEntity,
      ScimTokenEntity,
      PeopleImportEntity,
      PeopleImportRowEntity,
      ApiTokenEntity,
    ],
    migrations: [
      IdentityFoundation1763800000000,
      Accounts1763900000000,
      Saml1764100000000,
      EmailChanges1765400000000,
      Settings1765700000000,
      AuditLog1766000000000,
      Scim1766100000000,
      PeopleImports1766300000000,
      ApiTokens1766400000000,
      Languages1766470000000,
      Webhooks1766500000000,
      Outbox1767100000000,
      sealedWebhookSecrets(webhookSecrets),
      MembersByName1767200000000,
      MemberSearch1767400000000,
      NotificationKeys1767500000000,
      ActiveMembers1767800000000,
      NotificationMails1767830000000,
      MembershipVersions1767840000000,
      PendingMembers1767845000000,
      PeopleImportFollowUps1767850000000,
      LanguageDateFormats1767860000000,
      BrowserLanguages1767870000000,
      RefusedInvitations1767880000000,
      BrowserTimeZones1767890000000,
      OrganizationTimeZones1767893000000,
      FormerAdminsTokens1767896000000,
      WebhookDeliveryRetention1768000002000,
      SuspendedMembers1768000003000,
      WebhookDeliveryRounds1768000013000,
      SuspensionEvents1768000021000,
      WebhookLastFailures1768000024000,
      MembersByRole1768000031000,
      ScimModifiedTimes1768000062000,
      OlderWebhookSecrets1768000066000,
      WebhookDeliveryLog1768000072000,
    ],
  });
