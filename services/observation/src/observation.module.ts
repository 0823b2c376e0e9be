import { type DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type RpcClient, WebhookAnnouncer } from '@hub/kit';
import { CertificationIssuer } from './certifications/certification-issuer.js';
import { CertificationSettingsService } from './certifications/certification-settings.service.js';
import { CertificationsController } from './certifications/certifications.controller.js';
import { CertificationsRepository } from './certifications/certifications.repository.js';
import { CertificationsService } from './certifications/certifications.service.js';
import { OBSERVATION_CONFIG, type ObservationConfig, RPC } from './config.js';
import { HealthController } from './health/health.controller.js';
import { JobFunctionsController } from './job-functions/job-functions.controller.js';
import { JobFunctionMembersRepository } from './job-functions/job-function-members.repository.js';
import { JobFunctionsRepository } from './job-functions/job-functions.repository.js';
import { JobFunctionsService } from './job-functions/job-functions.service.js';
import { ScimGroupsService } from './job-functions/scim-groups.service.js';
import { SkillsMatrixController } from './skills/skills-matrix.controller.js';
import { SkillsMatrixRepository } from './skills/skills-matrix.repository.js';
import { SkillsMatrixService } from './skills/skills-matrix.service.js';
import { ObservationsController } from './observations/observations.controller.js';
import { ObservationsRepository } from './observations/observations.repository.js';
import { FindingsRepository } from './observations/findings.repository.js';
import { ObservationsService } from './observations/observations.service.js';
import { CompletionEffects } from './observations/completion-effects.js';
import { ObservationFigures } from './reporting/observation-figures.js';
import { ExportsService } from './reports/exports.service.js';
import { HubActivity } from './reporting/hub-activity.js';
import { HistoryRepository } from './reports/history.repository.js';
import { InsightPagesRepository } from './reports/insight-pages.repository.js';
import { InsightPagesService } from './reports/insight-pages.service.js';
import { InsightsService } from './reports/insights.service.js';
import { ReportsController } from './reports/reports.controller.js';
import { ReportsRepository } from './reports/reports.repository.js';
import { SettingsService } from './settings/settings.service.js';
import { SettingsRepository } from './settings/settings.repository.js';
import { CertificationSettingsRepository } from './certifications/certification-settings.repository.js';
import { CourseCompletionRepository } from './training/course-completion.repository.js';
import { ActiveMembership } from './team/active-membership.js';
import { Members } from './team/members.js';
import { TeamRepository } from './team/team.repository.js';
import { TeamService } from './team/team.service.js';
import { CourseCompletion } from './training/course-completion.js';
import { CoursesController } from './training/courses.controller.js';
import { CoursesRepository } from './training/courses.repository.js';
import { MemberSopsRepository } from './training/member-sops.repository.js';
import { CoursesService } from './training/courses.service.js';
import { RecommendationEngine } from './recommendations/recommendation-engine.js';
import { RecommendationsController } from './recommendations/recommendations.controller.js';
import { RecommendationsRepository } from './recommendations/recommendations.repository.js';
import { RecommendationsService } from './recommendations/recommendations.service.js';
import { OnboardingController } from './onboarding/onboarding.controller.js';
import { OnboardingFactsRepository } from './onboarding/onboarding-facts.repository.js';
import { ExportController } from './export/export.controller.js';

@Module({})
export class ObservationModule {
  static register(ports: {
    dataSource: DataSource;
    rpc: RpcClient;
    config: ObservationConfig;
    webhooks: WebhookAnnouncer;
  }): DynamicModule {
    return {
      module: ObservationModule,
      controllers: [
        ExportController,
        ObservationsController,
        CoursesController,
        CertificationsController,
        ReportsController,
        RecommendationsController,
        JobFunctionsController,
        SkillsMatrixController,
        HealthController,
        OnboardingController,
      ],
      providers: [
        { provide: DataSource, useValue: ports.dataSource },
        OnboardingFactsRepository,
        { provide: RPC, useValue: ports.rpc },
        { provide: OBSERVATION_CONFIG, useValue: ports.config },
        { provide: WebhookAnnouncer, useValue: ports.webhooks },
        CertificationsRepository,
        CertificationSettingsService,
        CertificationIssuer,
        CertificationsService,
        Members,
        ActiveMembership,
        SettingsService,
        SettingsRepository,
        CertificationSettingsRepository,
        CourseCompletionRepository,
        CourseCompletion,
        ObservationsRepository,
        FindingsRepository,
        ObservationFigures,
        ObservationsService,
        CompletionEffects,
        CoursesRepository,
        MemberSopsRepository,
        CoursesService,
        TeamRepository,
        TeamService,
        ReportsRepository,
        HistoryRepository,
        InsightsService,
        HubActivity,
        ExportsService,
        InsightPagesRepository,
        InsightPagesService,
        RecommendationsRepository,
        {
          provide: RecommendationEngine,
          useFactory: (repository: RecommendationsRepository, rpc: RpcClient) =>
            new RecommendationEngine(repository, rpc),
          inject: [RecommendationsRepository, RPC],
        },
        RecommendationsService,
        JobFunctionsRepository,
        JobFunctionMembersRepository,
        JobFunctionsService,
        ScimGroupsService,
        SkillsMatrixRepository,
        SkillsMatrixService,
      ],
    };
  }
}
