import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  type CertificationInsightsPage,
  type ObservationInsightsPage,
  type ObservationInsightsQuery,
  PROGRESS_PEOPLE,
  type ProgressInsightsPage,
  organizationScope,
} from '@hub/proto';
import { Members } from '../team/members.js';
import { InsightPagesRepository } from './insight-pages.repository.js';

/** /insights/observations, /insights/certifications and /insights/progress. */
@Injectable()
export class InsightPagesService {
  constructor(
    @Inject(InsightPagesRepository) private readonly pages: InsightPagesRepository,
    @Inject(Members) private readonly members: Members,
  ) {}

  async observations(
    actor: Actor,
    query: ObservationInsightsQuery,
  ): Promise<ObservationInsightsPage> {
    const scope = organizationScope(actor);
    const [trend, bySop, byObserver, mostMissed, rows] = await Promise.all([
      this.pages.observationTrend(scope),
      this.pages.passRateBySop(scope),
      this.pages.passRateByObserver(scope),
      this.pages.mostMissed(scope),
      this.pages.observationRows(scope, query),
    ]);
    return { trend, bySop, byObserver, mostMissed, rows };
  }

  async certifications(actor: Actor): Promise<CertificationInsightsPage> {
    return { months: await this.pages.certificationMonths(organizationScope(actor)) };
  }

  async progress(actor: Actor): Promise<ProgressInsightsPage> {
    const { courses, people, totalPeople } = await this.pages.progress(
      organizationScope(actor),
      PROGRESS_PEOPLE,
    );
    const names = await this.members.names(people.map((person) => person.userId));
    return {
      courses,
      people: people.map((person) => ({ ...person, name: names.get(person.userId) ?? null })),
      totalPeople,
    };
  }
}
