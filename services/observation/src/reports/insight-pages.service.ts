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
import { uncountedPeople, uncountedPeopleIn } from '../skills/uncounted-people.js';
import { Members } from '../team/members.js';
import { InsightPagesRepository } from './insight-pages.repository.js';
import type { ReportScope } from './report-scope.js';

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
    const scope = organizationScope(actor);
    const { courses, people, totalPeople } = await this.pages.progress(
      scope,
      PROGRESS_PEOPLE,
      await this.uncounted(scope),
    );
    const names = await this.members.names(people.map((person) => person.userId));
    return {
      courses,
      people: people.map((person) => ({ ...person, name: names.get(person.userId) ?? null })),
      totalPeople,
    };
  }

  /**
   * The people the progress page neither lists nor counts: pending and suspended ones, as Team
   * and the Skills Matrix. Platform-wide, those of every organization with people enrolled, in
   * one identity call per 1,000 organizations (uncountedPeopleIn).
   */
  private async uncounted(scope: ReportScope): Promise<number[]> {
    if (scope !== null) return uncountedPeople(this.members, scope);
    return uncountedPeopleIn(this.members, await this.pages.enrolledOrganizations());
  }
}
