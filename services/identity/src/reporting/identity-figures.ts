import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { INSIGHTS_PERIOD_DAYS } from '@hub/proto';
import { organizationDate, organizationDayStart } from '../organizations/organization-day.js';
import {
  ACTIVE_USER_SQL,
  ORGANIZATION_FIGURES_SQL,
  userFigures,
  type UserFigures,
} from './figures.js';

/** What the console's figures and onboarding checklist are computed from. */
export interface ConsoleFacts {
  organizations: number;
  users: number;
  live_sessions: number;
  client_organizations: number;
  with_sso_id: number;
  saml_missing_id: number;
  admins: number;
  staff: number;
  prompts_saved: boolean;
  client_sign_ins: number;
  invited: number;
  accepted: number;
}

export interface UserCounts {
  total: number;
  active: number;
  joined_last_30_days: number;
  signed_in_today: number;
}

export interface SignInCounts {
  now: number;
  before: number;
}

export interface RecentSignIn {
  id: number;
  user_id: number;
  name: string;
  email: string;
  method: 'password' | 'saml';
  occurred_at: Date;
  times: number;
}

/** How far back the Hub's Recent Activity looks. */
const RECENT_SIGN_IN_DAYS = 30;

/** `TRUE` for the whole platform (`organizationId` null), else the column scoped to it. */
function scope(organizationId: number | null, column: string, params: unknown[]): string {
  if (organizationId === null) return 'TRUE';
  params.push(organizationId);
  return `${column} = $${params.length}`;
}

/**
 * Aggregates over identity's tables: the Hub's head counts and sign-in activity, and the
 * console's facts. `organizationId` null reads the whole platform.
 */
@Injectable()
export class IdentityFigures {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** Active Users and the total, one definition (figures.ts). */
  users(organizationId: number | null): Promise<UserFigures> {
    return userFigures(this.db, organizationId);
  }

  /**
   * The console's figures and onboarding facts. `admins` are those who can act (Active Users'
   * definition): a pending or suspended administrator completes no "Create admin users".
   */
  async consoleFacts(): Promise<ConsoleFacts> {
    const [facts] = (await this.db.query(`
      SELECT (SELECT total FROM (${ORGANIZATION_FIGURES_SQL}) f)::int AS organizations,
             (SELECT count(*) FROM users)::int AS users,
             (SELECT count(*) FROM sessions WHERE revoked_at IS NULL AND expires_at > now())::int AS live_sessions,
             (SELECT client FROM (${ORGANIZATION_FIGURES_SQL}) f)::int AS client_organizations,
             (SELECT count(*) FROM organizations WHERE auth0_org_id IS NOT NULL AND auth0_org_id <> '')::int AS with_sso_id,
             (SELECT count(*) FROM organizations WHERE saml_enabled AND coalesce(auth0_org_id, '') = '')::int AS saml_missing_id,
             (SELECT count(*) FROM users u WHERE u.role = 'admin' AND ${ACTIVE_USER_SQL})::int AS admins,
             (SELECT count(*) FROM users WHERE role IN ('training_supervisor','manager','operator'))::int AS staff,
             (SELECT updated_at IS NOT NULL FROM global_prompts WHERE id = 1) AS prompts_saved,
             (SELECT count(*) FROM sign_in_events e JOIN users u ON u.id = e.user_id WHERE u.role <> 'super_admin')::int AS client_sign_ins,
             -- Not those suspended before accepting: nobody waits for their acceptance.
             (SELECT count(DISTINCT i.user_id) FROM invitations i JOIN users u ON u.id = i.user_id
               WHERE i.used_at IS NOT NULL OR u.suspended_at IS NULL)::int AS invited,
             (SELECT count(DISTINCT user_id) FROM invitations WHERE used_at IS NOT NULL)::int AS accepted
    `)) as ConsoleFacts[];
    return facts!;
  }

  /**
   * Users, active ones, those who joined in 30 days and active ones signed in today (each one's
   * organization's day as of `now`): the attendance rate's share of the active, so someone
   * suspended after signing in today is in neither.
   */
  async userCounts(
    organizationId: number | null,
    now = new Date(),
  ): Promise<UserCounts | undefined> {
    const params: unknown[] = [now];
    const where = scope(organizationId, 'u.organization_id', params);
    const [counts] = (await this.db.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE ${ACTIVE_USER_SQL})::int AS active,
              count(*) FILTER (WHERE u.created_at > $1::timestamptz - interval '30 days')::int AS joined_last_30_days,
              count(*) FILTER (WHERE ${ACTIVE_USER_SQL} AND EXISTS (
                SELECT 1 FROM sign_in_events e
                 WHERE e.user_id = u.id
                   AND e.occurred_at >= ${organizationDayStart('o.default_time_zone', '$1::timestamptz')}
              ))::int AS signed_in_today
         FROM users u LEFT JOIN organizations o ON o.id = u.organization_id WHERE ${where}`,
      params,
    )) as UserCounts[];
    return counts;
  }

  /** People who signed in during the last Insights period, and during the period before. */
  async signInCounts(organizationId: number | null): Promise<SignInCounts | undefined> {
    const params: unknown[] = [];
    const where = scope(organizationId, 'e.organization_id', params);
    const period = `interval '${INSIGHTS_PERIOD_DAYS} days'`;
    const [row] = (await this.db.query(
      `SELECT count(DISTINCT e.user_id) FILTER (WHERE e.occurred_at > now() - ${period})::int AS now,
              count(DISTINCT e.user_id) FILTER (WHERE e.occurred_at <= now() - ${period})::int AS before
         FROM sign_in_events e
        WHERE e.occurred_at > now() - 2 * ${period} AND ${where}`,
      params,
    )) as SignInCounts[];
    return row;
  }

  /**
   * Each person's latest sign-in of each day (their organization's), with the day's count,
   * newest first.
   */
  async recentSignIns(organizationId: number | null, limit: number): Promise<RecentSignIn[]> {
    const params: unknown[] = [limit];
    const where = scope(organizationId, 'e.organization_id', params);
    const day = organizationDate('o.default_time_zone', 'e.occurred_at');
    return (await this.db.query(
      `SELECT * FROM (
         SELECT DISTINCT ON (e.user_id, ${day})
                e.id, e.user_id, u.name, u.email, e.method, e.occurred_at,
                count(*) OVER (PARTITION BY e.user_id, ${day})::int AS times
           FROM sign_in_events e JOIN users u ON u.id = e.user_id
           LEFT JOIN organizations o ON o.id = e.organization_id
          WHERE ${where} AND e.occurred_at > now() - interval '${RECENT_SIGN_IN_DAYS} days'
          ORDER BY e.user_id, ${day}, e.occurred_at DESC, e.id DESC
       ) latest ORDER BY occurred_at DESC, id DESC LIMIT $1`,
      params,
    )) as RecentSignIn[];
  }
}
