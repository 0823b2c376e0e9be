import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  countChange,
  type InsightsActivity,
  type ObservationInsights,
  percentOf,
  pointsChange,
  type UpcomingGoal,
  organizationScope,
} from '@hub/proto';
import { Members } from '../team/members.js';

import { type ReportScope } from './report-scope.js';
import { type ActivityRow, type DueCourseRow, ReportsRepository } from './reports.repository.js';

const RECENT_ACTIVITY = 10;
const UPCOMING_GOALS = 5;

/** The observation service's part of GET /api/stats/insights. */
@Injectable()
export class InsightsService {
  constructor(
    @Inject(ReportsRepository) private readonly reports: ReportsRepository,
    @Inject(Members) private readonly members: Members,
  ) {}

  async insights(actor: Actor): Promise<ObservationInsights> {
    const scope = organizationScope(actor);
    const [figures, center, activity, goals] = await Promise.all([
      this.reports.periodFigures(scope),
      this.observationCenter(scope),
      this.recentActivity(scope),
      this.upcomingGoals(scope),
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

  /** Without the cameras: the gateway adds the integration service's count. */
  private async observationCenter(
    scope: ReportScope,
  ): Promise<ObservationInsights['observationCenter']> {
    const counts = await this.reports.centerCounts(scope);
    return {
      activeObservations: counts.active,
      completedToday: counts.completed_today,
      alerts: counts.alerts,
    };
  }

  private async recentActivity(scope: ReportScope): Promise<InsightsActivity[]> {
    const rows = await this.reports.recentActivity(scope, RECENT_ACTIVITY);
    const names = await this.namesFor(rows);
    return rows.map((row) => describeActivity(row, names.get(row.user_id ?? 0) ?? 'Someone'));
  }

  /** Enrolments store only user ids: their names come from identity, in one call. */
  private namesFor(rows: ActivityRow[]): Promise<Map<number, string>> {
    const ids = rows.filter((row) => row.person === null && row.user_id !== null);
    return this.members.names(ids.map((row) => row.user_id ?? 0));
  }

  /** Courses due and certifications expiring within 30 days, soonest first. */
  private async upcomingGoals(scope: ReportScope): Promise<UpcomingGoal[]> {
    const [courses, certifications] = await Promise.all([
      this.reports.dueCourses(scope, UPCOMING_GOALS),
      this.reports.expiringCertifications(scope, UPCOMING_GOALS),
    ]);
    const goals = [
      ...courses.map(courseGoal),
      ...certifications.map((certification) => ({
        id: `certification_expiring:${certification.id}`,
        kind: 'certification_expiring' as const,
        title: `Renew "${certification.title}"`,
        detail: `${certification.holder_name}'s certification expires`,
        dueAt: certification.expires_at.toISOString(),
        progress: null,
        link: '/insights/certifications?state=expiring_soon',
      })),
    ];
    return goals.sort((a, b) => a.dueAt.localeCompare(b.dueAt)).slice(0, UPCOMING_GOALS);
  }
}

function courseGoal(course: DueCourseRow): UpcomingGoal {
  return {
    id: `course_due:${course.id}`,
    kind: 'course_due',
    title: `Complete "${course.title}"`,
    detail:
      course.enrolled === 0
        ? 'Nobody is enrolled yet'
        : `${course.completed} of ${course.enrolled} enrolled completed`,
    dueAt: course.due_day,
    progress: percentOf(course.completed, course.enrolled),
    link: '/insights/progress',
  };
}

function describeActivity(row: ActivityRow, userName: string): InsightsActivity {
  const base = {
    id: `${row.kind}:${row.ref_id}`,
    kind: row.kind,
    occurredAt: row.occurred_at.toISOString(),
  };
  const observationLink = `/observation/${row.observation_id}`;
  switch (row.kind) {
    case 'observation_completed':
      return {
        ...base,
        title: `${row.person} ${row.passed ? 'passed' : 'did not pass'} "${row.subject}"`,
        detail: `Score ${Number(row.score)}%, observed by ${row.other}`,
        link: observationLink,
      };
    case 'observation_started':
      return {
        ...base,
        title: `Observation of ${row.person} started`,
        detail: `"${row.subject}", observed by ${row.other}`,
        link: observationLink,
      };
    case 'finding_recorded':
      return {
        ...base,
        title: `Finding recorded: ${row.other}`,
        detail: `"${row.subject}", ${row.person}`,
        link: observationLink,
      };
    case 'course_completed':
      return {
        ...base,
        title: `${userName} completed "${row.subject}"`,
        detail: 'Course',
        link: '/training',
      };
    case 'course_enrolled':
      return {
        ...base,
        title: `${userName} started "${row.subject}"`,
        detail: 'Course',
        link: '/training',
      };
  }
}
