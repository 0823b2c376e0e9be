import { type DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ObjectStorage, RpcClient } from '@hub/kit';
import { AssignmentsController } from './assignments/assignments.controller.js';
import { AssignmentsRepository } from './assignments/assignments.repository.js';
import { AssignmentsService } from './assignments/assignments.service.js';
import {
  FLOOR_SETTINGS,
  type FloorSettings,
  PROVIDERS,
  RPC,
  SCHEDULES,
  SECRET_BOX,
  STORAGE,
} from './config.js';
import { FloorController } from './floor/floor.controller.js';
import { FloorRepository } from './floor/floor.repository.js';
import { FloorAlertsService } from './floor/floor-alerts.js';
import { FloorStatsService } from './floor/floor-stats.js';
import { MemberSuspensionsRepository } from './floor/member-suspensions.repository.js';
import { FloorService } from './floor/floor.service.js';
import { SensorsService } from './floor/sensors.service.js';
import { SensorsRepository } from './floor/sensors.repository.js';
import { FloorFigures } from './reporting/floor-figures.js';
import { HealthController } from './health/health.controller.js';
import { Credentials } from './integrations/credentials.js';
import { IntegrationsController } from './integrations/integrations.controller.js';
import { IntegrationsRepository } from './integrations/integrations.repository.js';
import { IntegrationsService } from './integrations/integrations.service.js';
import type { CloudCameraProviders } from './provider/cloud-camera-provider.js';
import type { SecretBox } from './secrets/secret-box.js';
import type { SnapshotSchedules } from './snapshots/snapshot-schedules.js';
import { OnboardingController } from './onboarding/onboarding.controller.js';
import { OnboardingFactsRepository } from './onboarding/onboarding-facts.repository.js';
import { ExportController } from './export/export.controller.js';

export interface IntegrationPorts {
  dataSource: DataSource;
  rpc: RpcClient;
  secretBox: SecretBox;
  providers: CloudCameraProviders;
  floor: FloorSettings;
  schedules: SnapshotSchedules;
  storage: ObjectStorage;
}

@Module({})
export class IntegrationModule {
  static register(ports: IntegrationPorts): DynamicModule {
    return {
      module: IntegrationModule,
      controllers: [
        ExportController,
        IntegrationsController,
        AssignmentsController,
        FloorController,
        HealthController,
        OnboardingController,
      ],
      providers: [
        { provide: DataSource, useValue: ports.dataSource },
        OnboardingFactsRepository,
        { provide: RPC, useValue: ports.rpc },
        { provide: SECRET_BOX, useValue: ports.secretBox },
        { provide: PROVIDERS, useValue: ports.providers },
        { provide: FLOOR_SETTINGS, useValue: ports.floor },
        { provide: SCHEDULES, useValue: ports.schedules },
        { provide: STORAGE, useValue: ports.storage },
        FloorRepository,
        FloorService,
        FloorAlertsService,
        FloorStatsService,
        MemberSuspensionsRepository,
        SensorsService,
        SensorsRepository,
        FloorFigures,
        IntegrationsRepository,
        AssignmentsRepository,
        Credentials,
        IntegrationsService,
        AssignmentsService,
      ],
    };
  }
}
