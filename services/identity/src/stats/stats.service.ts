import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  type Actor,
  type ActiveUsers,
  countChange,
  type DashboardStats,
  INSIGHTS_PERIOD_DAYS,
  type SignInActivity,
} from '@hub/proto';
import { OrganizationEntity } from '../organizations/organization.entity.js';
import { ACTIVE_USER_SQL } from './figures.js';

interface UserCounts {
  total: number;
  active: number;
  joined_last_30_days: number;
  signed_in_today: number;
}

/** How far back the Hub's Recent Activity looks. */
const RECENT_SIGN_IN_DAYS = 30;

const percent = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

/**
 * Hub figures. The super administrator sees the whole platform, everyone else their
 * organization. "Today" is the current UTC day.
 */
@Injectable()
export class StatsService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  private scope(actor: Actor, column: string, params: unknown[]): string {
    if (actor.role === 'super_admin') return 'TRUE';
    params.push(actor.organizationId);
    return `${column} = $${params.length}`;
  }

  async dashboard(actor: Actor): Promise<DashboardStats> {
    const params: unknown[] = [];
    const where = this.scope(actor, 'u.organization_id', params);
    const [counts] = (await this.db.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE ${ACTIVE_USER_SQL})::int AS active,
              count(*) FILTER (WHERE u.created_at > now() - interval '30 days')::int AS joined_last_30_days,
              count(*) FILTER (WHERE u.is_active AND EXISTS (
                SELECT 1 FROM sign_in_events e
                 WHERE e.user_id = u.id AND e.occurred_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
              ))::int AS signed_in_today
         FROM users u WHERE ${where}`,
      params,
    )) as UserCounts[];
    const organization = await this.db
      .getRepository(OrganizationEntity)
      .findOneBy({ id: actor.organizationId });
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
    const params: unknown[] = [];
    const where = this.scope(actor, 'e.organization_id', params);
    const period = `interval '${INSIGHTS_PERIOD_DAYS} days'`;
    const [row] = (await this.db.query(
      `SELECT count(DISTINCT e.user_id) FILTER (WHERE e.occurred_at > now() - ${period})::int AS now,
              count(DISTINCT e.user_id) FILTER (WHERE e.occurred_at <= now() - ${period})::int AS before
         FROM sign_in_events e
        WHERE e.occurred_at > now() - 2 * ${period} AND ${where}`,
      params,
    )) as { now: number; before: number }[];
    const now = row?.now ?? 0;
    const before = row?.before ?? 0;
    return {
      activeUsers: now,
      userChange: countChange(now, before),
    };
  }

  async recentActivity(actor: Actor, limit: number): Promise<SignInActivity> {
    const params: unknown[] = [limit];
    const where = this.scope(actor, 'e.organization_id', params);
    // One line per person and UTC day (their latest sign-in, with the day's count), so a
    // person signing in again and again does not fill the list (issue #35).
    const rows = (await this.db.query(
      `SELECT * FROM (
         SELECT DISTINCT ON (e.user_id, (e.occurred_at AT TIME ZONE 'UTC')::date)
                e.id, e.user_id, u.name, u.email, e.method, e.occurred_at,
                count(*) OVER (PARTITION BY e.user_id, (e.occurred_at AT TIME ZONE 'UTC')::date)::int AS times
           FROM sign_in_events e JOIN users u ON u.id = e.user_id
          WHERE ${where} AND e.occurred_at > now() - interval '${RECENT_SIGN_IN_DAYS} days'
          ORDER BY e.user_id, (e.occurred_at AT TIME ZONE 'UTC')::date, e.occurred_at DESC, e.id DESC
       ) latest ORDER BY occurred_at DESC, id DESC LIMIT $1`,
      params,
    )) as {
      id: number;
      user_id: number;
      name: string;
      email: string;
      method: 'password' | 'saml';
      occurred_at: Date;
      times: number;
    }[];
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
