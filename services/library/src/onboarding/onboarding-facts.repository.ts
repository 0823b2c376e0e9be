import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { LibraryOnboardingFacts } from '@hub/proto';

/** An organization's SOPs processed and evaluations published, for its onboarding checklist. */
@Injectable()
export class OnboardingFactsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async facts(organizationId: number): Promise<LibraryOnboardingFacts> {
    const [row] = (await this.db.query(
      `SELECT (SELECT count(*)::int FROM documents WHERE organization_id = $1 AND sop_processed) AS "processedSops",
              (SELECT count(*)::int FROM evaluations
                WHERE organization_id = $1 AND status = 'published') AS "publishedEvaluations"`,
      [organizationId],
    )) as LibraryOnboardingFacts[];
    return row!;
  }
}
