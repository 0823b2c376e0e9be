import type { DataSource, EntityManager } from 'typeorm';

/**
 * The platform's head counts, one definition and one query each, so that a figure reads the
 * same wherever it is shown under the same label (issue #35):
 * - Active Users: accounts that are active (the invitation accepted, not pending) and not
 *   suspended (by an administrator or the identity provider through SCIM: the account kept,
 *   signing in refused), whether or not they have signed in since; the Hub and the admin data
 *   panel both show this, as the team's head counts (`active_members`) count.
 * - Organizations: every organization, the platform's own (where the super administrator
 *   belongs) included; the console's Total Organizations, the data panel and Onboarding show
 *   this. Client organizations are the others.
 */
export const ACTIVE_USER_SQL = '(u.is_active AND u.suspended_at IS NULL)';

type Queryable = Pick<DataSource | EntityManager, 'query'>;

export interface UserFigures {
  total: number;
  active: number;
}

/** Users of one organization, or of the whole platform (`organizationId` null). */
export async function userFigures(
  db: Queryable,
  organizationId: number | null,
): Promise<UserFigures> {
  const [row] = (await db.query(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE ${ACTIVE_USER_SQL})::int AS active
       FROM users u WHERE $1::int IS NULL OR u.organization_id = $1`,
    [organizationId],
  )) as UserFigures[];
  return row ?? { total: 0, active: 0 };
}

export interface OrganizationFigures {
  total: number;
  client: number;
}

export const ORGANIZATION_FIGURES_SQL = `SELECT count(*)::int AS total,
       count(*) FILTER (WHERE NOT EXISTS (
         SELECT 1 FROM users su WHERE su.organization_id = o.id AND su.role = 'super_admin'))::int AS client
  FROM organizations o`;

export async function organizationFigures(db: Queryable): Promise<OrganizationFigures> {
  const [row] = (await db.query(ORGANIZATION_FIGURES_SQL)) as OrganizationFigures[];
  return row ?? { total: 0, client: 0 };
}
