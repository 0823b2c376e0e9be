import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ObservationOnboardingFacts } from '@hub/proto';

/** An organization's completed observations, for its onboarding checklist. */
@Injectable()
export class OnboardingFactsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async facts(organizationId: number): Promise<ObservationOnboardingFacts> {
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS "completedObservations"
         FROM observations WHERE organization_id = $1 AND status = 'completed'`,
      [organizationId],
    )) as ObservationOnboardingFacts[];
    return row!;
  }
}
