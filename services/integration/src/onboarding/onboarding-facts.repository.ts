import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { FloorOnboardingFacts } from '@hub/proto';

/** Cameras of a camera system assigned to an organization, for its onboarding checklist. */
@Injectable()
export class OnboardingFactsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async facts(organizationId: number): Promise<FloorOnboardingFacts> {
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS "assignedCameras" FROM camera_assignments WHERE organization_id = $1`,
      [organizationId],
    )) as FloorOnboardingFacts[];
    return row!;
  }
}
