import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  type ActiveUsers,
  countChange,
  type DashboardStats,
  type SignInActivity,
  organizationScope,
} from '@hub/proto';
import { OrganizationsRepository } from '../organizations/organizations.repository.js';
import { IdentityFigures } from '../reporting/identity-figures.js';

const percent = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

/**
 * Hub figures. The super administrator sees the whole platform, everyone else their
 * organization. "Today" is the current UTC day.
 */
@Injectable()
export class StatsService {
  constructor(
    @Inject(IdentityFigures) private readonly figures: IdentityFigures,
    @Inject(OrganizationsRepository) private readonly organizations: OrganizationsRepository,
  ) {}

  async dashboard(actor: Actor): Promise<DashboardStats> {
    const counts = await this.figures.userCounts(organizationScope(actor));
    const organization = await this.organizations.findById(actor.organizationId);
    const c = counts ?? { total: 0, active: 0, joined_last_30_days: 0, signed_in_today: 0 };
    return {
      organizationName: organization?.displayName || organization?.name || '',
      totalUsers: c.total,
      activeUsers: c.active,
      todayLogins: c.signed_in_today,
      performanceOverview: {
        attendanceRate: percent(c.signed_in_today, c.active),
        performanceScore: null,
        trainingCompletion: null,
        monthlyGrowth: percent(c.joined_last_30_days, c.total - c.joined_last_30_days),
      },
    };
  }

  /**
   * Insights' Active Users: people who signed in during the last period, and the percent change
   * against the period before (null when nobody signed in then).
   */
  async activeUsers(actor: Actor): Promise<ActiveUsers> {
    const row = await this.figures.signInCounts(organizationScope(actor));
    const now = row?.now ?? 0;
    const before = row?.before ?? 0;
    return {
      activeUsers: now,
      userChange: countChange(now, before),
    };
  }

  async recentActivity(actor: Actor, limit: number): Promise<SignInActivity> {
    // One line per person and day, their organization's (their latest sign-in, with the day's
    // count), so a person signing in again and again does not fill the list (issue #35).
    const rows = await this.figures.recentSignIns(organizationScope(actor), limit);
    return {
      events: rows.map((row) => ({
        id: row.id,
        kind: 'sign_in' as const,
        userId: row.user_id,
        userName: row.name,
        userEmail: row.email,
        method: row.method,
        occurredAt: row.occurred_at.toISOString(),
        signInsThatDay: row.times,
      })),
    };
  }
}
