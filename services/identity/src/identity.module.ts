import { type DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from './config.js';
import { AuthController } from './auth/auth.controller.js';
import { AuthService } from './auth/auth.service.js';
import { HealthController } from './health/health.controller.js';
import { OrganizationsController } from './organizations/organizations.controller.js';
import { OrganizationsService } from './organizations/organizations.service.js';
import { StatsController } from './stats/stats.controller.js';
import { StatsService } from './stats/stats.service.js';
import { UsersController } from './users/users.controller.js';
import { UsersService } from './users/users.service.js';

@Module({})
export class IdentityModule {
  static register(config: IdentityConfig, dataSource: DataSource): DynamicModule {
    return {
      module: IdentityModule,
      controllers: [
        AuthController,
        OrganizationsController,
        UsersController,
        StatsController,
        HealthController,
      ],
      providers: [
        { provide: IDENTITY_CONFIG, useValue: config },
        { provide: DataSource, useValue: dataSource },
        AuthService,
        OrganizationsService,
        UsersService,
        StatsService,
      ],
    };
  }
}
