import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { Redis } from 'ioredis';
import { type ObjectStorage, type ObservedQueues, RpcClient } from '@hub/kit';
import { OBSERVED_QUEUES } from './ops/observed-queues.token.js';
import { AdminController } from './admin/admin.controller.js';
import { PeopleImportsController } from './people-imports/people-imports.controller.js';
import { CertificationsController } from './certifications/certifications.controller.js';
import { SkillsMatrixController } from './skills/skills-matrix.controller.js';
import { FilesController } from './files/files.controller.js';
import { VideosController } from './videos/videos.controller.js';
import { FaceReferencesController } from './faces/face-references.controller.js';
import { UnknownPeopleController } from './unknown-people/unknown-people.controller.js';
import { FloorController } from './integrations/floor.controller.js';
import { SignedLinks } from './files/signed-links.js';
import { StoredFileReply } from './files/stored-file-reply.js';
import { LibraryController } from './library/library.controller.js';
import { MySopsController } from './library/my-sops.controller.js';
import { InvitationsController } from './invitations/invitations.controller.js';
import { ProfileController } from './profile/profile.controller.js';
import { STORAGE } from './uploads/storage.token.js';
import { UploadReceiver } from './uploads/upload-receiver.js';
import { GATEWAY_CONFIG, type GatewayConfig } from './config.js';
import { AuthController } from './auth/auth.controller.js';
import { LoginRateLimiter } from './auth/login-rate-limiter.js';
import { RouteGuard } from './auth/route.guard.js';
import { relayController } from './relays/relay.controller.js';
import { ApiTokenAuthenticator } from './api-tokens/api-token-authenticator.js';
import { SessionCache } from './auth/session-cache.js';
import { DownloadCredentials } from './auth/download-credentials.js';
import { HealthController } from './health/health.controller.js';
import { HealthService } from './health/health.service.js';
import { StatsController } from './stats/stats.controller.js';
import { OnboardingController } from './onboarding/onboarding.controller.js';
import { OrganizationExportController } from './organization-export/organization-export.controller.js';
import { InsightsController } from './insights/insights.controller.js';
import { SamlController } from './saml/saml.controller.js';
import { SettingsController } from './settings/settings.controller.js';
import { ScimController } from './scim/scim.controller.js';
import { ScimTokensController } from './scim/scim-tokens.controller.js';
import { ScimGuard } from './scim/scim.guard.js';
import { ApplicationErrorFilter } from './scim/scim-error.filter.js';
import { TokenRateLimiter } from './rate-limits/token-rate-limiter.js';

export interface GatewayConnections {
  rpc: RpcClient;
  redis: Redis;
  storage: ObjectStorage;
  queues: ObservedQueues;
}

@Module({})
export class GatewayModule {
  static register(config: GatewayConfig, connections: GatewayConnections): DynamicModule {
    return {
      module: GatewayModule,
      controllers: [
        AuthController,
        StatsController,
        OnboardingController,
        OrganizationExportController,
        InsightsController,
        HealthController,
        AdminController,
        PeopleImportsController,
        ProfileController,
        InvitationsController,
        LibraryController,
        MySopsController,
        FilesController,
        VideosController,
        FaceReferencesController,
        UnknownPeopleController,
        FloorController,
        SamlController,
        CertificationsController,
        SettingsController,
        SkillsMatrixController,
        ScimTokensController,
        ScimController,
        relayController(),
      ],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: RpcClient, useValue: connections.rpc },
        { provide: Redis, useValue: connections.redis },
        { provide: STORAGE, useValue: connections.storage },
        { provide: OBSERVED_QUEUES, useValue: connections.queues },
        UploadReceiver,
        SessionCache,
        DownloadCredentials,
        SignedLinks,
        StoredFileReply,
        { provide: APP_GUARD, useClass: RouteGuard },
        { provide: APP_FILTER, useClass: ApplicationErrorFilter },
        LoginRateLimiter,
        ApiTokenAuthenticator,
        TokenRateLimiter,
        HealthService,
        ScimGuard,
      ],
    };
  }
}
