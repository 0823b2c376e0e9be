import { type DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { RpcClient } from '@hub/kit';
import { RPC } from './config.js';
import { HealthController } from './health/health.controller.js';
import { ObservationsController } from './observations/observations.controller.js';
import { ObservationsService } from './observations/observations.service.js';
import { SettingsService } from './settings/settings.service.js';
import { Members } from './team/members.js';
import { TeamService } from './team/team.service.js';
import { CourseCompletion } from './training/course-completion.js';
import { CoursesController } from './training/courses.controller.js';
import { CoursesService } from './training/courses.service.js';

@Module({})
export class ObservationModule {
  static register(ports: { dataSource: DataSource; rpc: RpcClient }): DynamicModule {
    return {
      module: ObservationModule,
      controllers: [ObservationsController, CoursesController, HealthController],
      providers: [
        { provide: DataSource, useValue: ports.dataSource },
        { provide: RPC, useValue: ports.rpc },
        Members,
        SettingsService,
        CourseCompletion,
        ObservationsService,
        CoursesService,
        TeamService,
      ],
    };
  }
}
