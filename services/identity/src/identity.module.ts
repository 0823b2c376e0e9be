import { type DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Queue } from 'bullmq';
import type { EventPublisher, Mailer, ObjectStorage, RpcClient, SecretBox } from '@hub/kit';
import type { PeopleImportJob, WebhookDeliveryJob } from '@hub/proto';
import { IDENTITY_CONFIG, type IdentityConfig } from './config.js';
import {
  EVENTS,
  MAILER,
  NETWORK_GUARD,
  WEBHOOK_SECRETS,
  PEOPLE_IMPORT_QUEUE,
  REVOCATIONS,
  PASSWORD_ATTEMPTS,
  RPC,
  STORAGE,
  WEBHOOK_QUEUE,
} from './tokens.js';
import type { NetworkGuard } from './webhooks/network-guard.js';
import { WebhooksController } from './webhooks/webhooks.controller.js';
import { WebhookDeliveriesRepository } from './webhooks/webhook-deliveries.repository.js';
import { WebhookEndpointsRepository } from './webhooks/webhook-endpoints.repository.js';
import { WebhooksService } from './webhooks/webhooks.service.js';
import type { SessionRevocations } from './auth/session-revocations.js';
import type { CurrentPasswordAttempts } from './auth/current-password-attempts.js';
import { AdminController } from './admin/admin.controller.js';
import { OrganizationsAdminService } from './admin/organizations-admin.service.js';
import { OverviewService } from './admin/overview.service.js';
import { UsersAdminService } from './admin/users-admin.service.js';
import { InvitationsController } from './invitations/invitations.controller.js';
import { InvitationsService } from './invitations/invitations.service.js';
import { NotificationsController } from './notifications/notifications.controller.js';
import { NotificationsService } from './notifications/notifications.service.js';
import { NotificationMailSender } from './notifications/notification-mail-sender.js';
import { NotificationMailsRepository } from './notifications/notification-mails.repository.js';
import { ProfileController } from './profile/profile.controller.js';
import { ProfileService } from './profile/profile.service.js';
import { EmailChangeService } from './profile/email-change.service.js';
import { ProfilePicturesService } from './profile/profile-pictures.service.js';
import { UserDeletion } from './users/user-deletion.js';
import { PromptsService } from './prompts/prompts.service.js';
import { AuthController } from './auth/auth.controller.js';
import { AuthService } from './auth/auth.service.js';
import { HealthController } from './health/health.controller.js';
import { OrganizationsController } from './organizations/organizations.controller.js';
import { OrganizationsService } from './organizations/organizations.service.js';
import { StatsController } from './stats/stats.controller.js';
import { StatsService } from './stats/stats.service.js';
import { OnboardingController } from './onboarding/onboarding.controller.js';
import { PeopleOnboardingRepository } from './onboarding/people-onboarding.repository.js';
import { UsersController } from './users/users.controller.js';
import { UsersService } from './users/users.service.js';
import { SamlController } from './saml/saml.controller.js';
import { SamlService } from './saml/saml.service.js';
import { SamlStore } from './saml/saml-store.js';
import { SettingsController } from './settings/settings.controller.js';
import { SessionsService } from './settings/sessions.service.js';
import { PreferencesService } from './settings/preferences.service.js';
import { AuditController } from './audit/audit.controller.js';
import { ApiTokensController } from './api-tokens/api-tokens.controller.js';
import { TokenCreatorsRepository } from './access-tokens/token-records.repository.js';
import { ApiTokensRepository } from './api-tokens/api-tokens.repository.js';
import { ApiTokensService } from './api-tokens/api-tokens.service.js';
import { AuditLogRepository } from './audit/audit-log.repository.js';
import { OrganizationsAdminRepository } from './admin/organizations-admin.repository.js';
import { UsersAdminRepository } from './admin/users-admin.repository.js';
import { AuthRepository } from './auth/auth.repository.js';
import { InvitationsRepository } from './invitations/invitations.repository.js';
import { NotificationsRepository } from './notifications/notifications.repository.js';
import { OrganizationsRepository } from './organizations/organizations.repository.js';
import { ProfileRepository } from './profile/profile.repository.js';
import { PromptsRepository } from './prompts/prompts.repository.js';
import { IdentityFigures } from './reporting/identity-figures.js';
import { SamlRepository } from './saml/saml.repository.js';
import { SettingsRepository } from './settings/settings.repository.js';
import { UsersRepository } from './users/users.repository.js';
import { MemberIdsRepository } from './users/member-ids.repository.js';
import { ExportController } from './export/export.controller.js';
import { WithheldFilesRepository } from './export/withheld-files.repository.js';
import { ScimController } from './scim/scim.controller.js';
import { ScimTokensRepository } from './scim/scim-tokens.repository.js';
import { ScimTokensService } from './scim/scim-tokens.service.js';
import { ScimUsersRepository } from './scim/scim-users.repository.js';
import { ScimUsersService } from './scim/scim-users.service.js';
import { PeopleImportsController } from './people-imports/people-imports.controller.js';
import { PeopleImportsService } from './people-imports/people-imports.service.js';
import { PeopleImportsRepository } from './people-imports/people-imports.repository.js';
import { PeopleImportRunner } from './people-imports/people-import-runner.js';

export interface IdentityPorts {
  dataSource: DataSource;
  storage: ObjectStorage;
  mailer: Mailer;
  /** Publishes through the service's outbox. */
  events: EventPublisher;
  revocations: SessionRevocations;
  passwordAttempts: CurrentPasswordAttempts;
  rpc: RpcClient;
  peopleImportQueue: Queue<PeopleImportJob>;
  webhookQueue: Queue<WebhookDeliveryJob>;
  webhookSecrets: SecretBox;
  networkGuard: NetworkGuard;
}

@Module({})
export class IdentityModule {
  static register(config: IdentityConfig, ports: IdentityPorts): DynamicModule {
    return {
      module: IdentityModule,
      controllers: [
        ExportController,
        AuthController,
        OrganizationsController,
        UsersController,
        StatsController,
        OnboardingController,
        HealthController,
        AdminController,
        InvitationsController,
        NotificationsController,
        ProfileController,
        SamlController,
        SettingsController,
        AuditController,
        ScimController,
        PeopleImportsController,
        ApiTokensController,
        WebhooksController,
      ],
      providers: [
        { provide: IDENTITY_CONFIG, useValue: config },
        { provide: DataSource, useValue: ports.dataSource },
        { provide: STORAGE, useValue: ports.storage },
        { provide: MAILER, useValue: ports.mailer },
        { provide: EVENTS, useValue: ports.events },
        { provide: REVOCATIONS, useValue: ports.revocations },
        { provide: PASSWORD_ATTEMPTS, useValue: ports.passwordAttempts },
        { provide: RPC, useValue: ports.rpc },
        { provide: PEOPLE_IMPORT_QUEUE, useValue: ports.peopleImportQueue },
        { provide: WEBHOOK_QUEUE, useValue: ports.webhookQueue },
        { provide: NETWORK_GUARD, useValue: ports.networkGuard },
        { provide: WEBHOOK_SECRETS, useValue: ports.webhookSecrets },
        AuthService,
        OrganizationsService,
        UsersService,
        StatsService,
        PeopleOnboardingRepository,
        NotificationsService,
        NotificationMailSender,
        NotificationMailsRepository,
        InvitationsService,
        ProfileService,
        EmailChangeService,
        ProfilePicturesService,
        UserDeletion,
        OrganizationsAdminService,
        UsersAdminService,
        OverviewService,
        PromptsService,
        SamlService,
        SamlStore,
        SessionsService,
        PreferencesService,
        AuditLogRepository,
        OrganizationsAdminRepository,
        UsersAdminRepository,
        AuthRepository,
        InvitationsRepository,
        NotificationsRepository,
        OrganizationsRepository,
        ProfileRepository,
        PromptsRepository,
        IdentityFigures,
        SamlRepository,
        SettingsRepository,
        UsersRepository,
        MemberIdsRepository,
        WithheldFilesRepository,
        TokenCreatorsRepository,
        ScimTokensRepository,
        ScimTokensService,
        ScimUsersRepository,
        ScimUsersService,
        PeopleImportsService,
        PeopleImportsRepository,
        PeopleImportRunner,
        ApiTokensRepository,
        ApiTokensService,
        WebhookEndpointsRepository,
        WebhookDeliveriesRepository,
        WebhooksService,
      ],
    };
  }
}
