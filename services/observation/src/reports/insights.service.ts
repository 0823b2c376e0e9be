import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  countChange,
  identityRpc,
  type InsightsActivity,
  type ObservationInsights,
  percentOf,
  type RpcAnswer,
  pointsChange,
  type UpcomingGoal,
  organizationScope,
} from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { RPC } from '../config.js';
import { Members } from '../team/members.js';

import { certificationGoal, courseGoal, describeActivity } from './insights-lines.js';
import { type ReportScope } from './report-scope.js';
import { type ActivityRow, ReportsRepository } from './reports.repository.js';

type OrganizationDay = RpcAnswer<typeof identityRpc.organizationDayStart>;

const RECENT_ACTIVITY = 10;
const UPCOMING_GOALS = 5;

/** The observation service's part of GET /api/stats/insights. */
@Injectable()
export class InsightsService {
  constructor(
    @Inject(ReportsRepository) private readonly reports: ReportsRepository,
    @Inject(Members) private readonly members: Members,
    @Inject(RPC) private readonly rpc: RpcClient,
  ) {}

  async insights(actor: Actor): Promise<ObservationInsights> {
    const scope = organizationScope(actor);
    // The viewer's organization's day (the super administrator's: the platform organization's),
    // asked once for both of its uses: completed today, and the courses due from today on.
    const today = this.rpc.call(identityRpc.organizationDayStart, {
      organizationId: actor.organizationId,
    });
    const [figures, center, activity, goals] = await Promise.all([
      this.reports.periodFigures(scope),
      this.observationCenter(scope, today),
      this.recentActivity(scope),
      this.upcomingGoals(scope, today),
    ]);
    const completionNow = percentOf(figures.completed_now, figures.enrolled_now);
    const completionBefore = percentOf(figures.completed_before, figures.enrolled_before);
    return {
      performanceScore: figures.score_now,
      performanceChange: pointsChange(figures.score_now, figures.score_before),
      completionRate: completionNow,
      completionChange: pointsChange(completionNow, completionBefore),
      reportsGenerated: figures.reports_now,
      reportsChange: countChange(figures.reports_now, figures.reports_before),
      recentActivity: activity,
      upcomingGoals: goals,
      observationCenter: center,
    };
  }

  /**
   * Without the cameras: the gateway adds the integration service's count. "Completed today"
   * counts from the viewer's organization's midnight (the super administrator's: the platform
   * organization's), as the Hub and Team Overview count today.
   */
  private async observationCenter(
    scope: ReportScope,
    today: Promise<OrganizationDay>,
  ): Promise<ObservationInsights['observationCenter']> {
    const { since } = await today;
    const counts = await this.reports.centerCounts(scope, since);
    return {
      activeObservations: counts.active,
      completedToday: counts.completed_today,
      alerts: counts.alerts,
    };
  }

  private async recentActivity(scope: ReportScope): Promise<InsightsActivity[]> {
    const rows = await this.reports.recentActivity(scope, RECENT_ACTIVITY);
    const names = await this.namesFor(rows);
    // A name identity does not know (a member deleted since) stays null: the web app words it.
    return rows.map((row) => describeActivity(row, names.get(row.user_id ?? 0) ?? null));
  }

  /** Enrolments store only user ids: their names come from identity, in one call. */
  private namesFor(rows: ActivityRow[]): Promise<Map<number, string>> {
    const ids = rows.flatMap((row) =>
      row.kind.startsWith('course_') && row.user_id !== null ? [row.user_id] : [],
    );
    return this.members.names(ids);
  }

  /**
   * Courses due from the organization's today on (its calendar date: a due date is a date) and
   * certifications expiring within 30 days, soonest first.
   */
  private async upcomingGoals(
    scope: ReportScope,
    today: Promise<OrganizationDay>,
  ): Promise<UpcomingGoal[]> {
    const [courses, certifications] = await Promise.all([
      today.then(({ date }) => this.reports.dueCourses(scope, UPCOMING_GOALS, date)),
      this.reports.expiringCertifications(scope, UPCOMING_GOALS),
    ]);
    const goals = [...courses.map(courseGoal), ...certifications.map(certificationGoal)];
    return goals.sort((a, b) => a.dueAt.localeCompare(b.dueAt)).slice(0, UPCOMING_GOALS);
  }
}
