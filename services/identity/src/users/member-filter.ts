import type { MemberFilter } from '@hub/proto';

// The users table's filters, shared by its repositories (UsersRepository's pages and searches,
// MemberIdsRepository's id reads) and the admin's searches: one condition, however read.

/**
 * The people who may act now, whom `active_members` counts and the membership versions follow
 * (migration 1768000003000): accepted and not suspended. Written as memberWhere writes the
 * filter `{ active: true, suspended: false }`, whose total is then read from active_members.
 */
export const MAY_ACT = 'is_active AND suspended_at IS NULL';

/**
 * A LIKE pattern matching `text` anywhere, as a substring: the person's % and _ match themselves.
 */
export const substringPattern = (text: string): string => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

/**
 * People whose name or email holds the pattern in `param` (substringPattern). ILIKE's own
 * lower-casing, done once (migration 1767400000000): the stored columns, and the pattern
 * lower-cased by PostgreSQL as ILIKE does (not by JavaScript's rules). `alias` names the users
 * table when the query gives it one.
 */
export const nameOrEmailHolds = (param: string, alias = ''): string =>
  `(${alias}name_lower LIKE lower(${param}::text) OR ${alias}email_lower LIKE lower(${param}::text))`;

/**
 * The WHERE clause of a MemberFilter and its parameters ($1 the organization); `narrowing` the
 * same without the organization ('true' when nothing else narrows).
 */
export function memberWhere(filter: MemberFilter): {
  where: string;
  narrowing: string;
  params: unknown[];
} {
  const params: unknown[] = [filter.organizationId];
  const clauses = ['organization_id = $1'];
  const add = (clause: (param: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(clause(`$${params.length}`));
  };
  const search = filter.search?.trim() ?? '';
  if (search !== '') {
    add((p) => nameOrEmailHolds(p), substringPattern(search));
  }
  if (filter.roles) add((p) => `role = ANY(${p}::text[])`, filter.roles);
  // Written out, not a parameter: the pending people's partial index (users_pending_idx) is
  // used only when the plan knows the condition is NOT is_active.
  if (filter.active !== undefined) clauses.push(filter.active ? 'is_active' : 'NOT is_active');
  // Its own filter, not folded into `active` (accepted, suspended or not): those who may act
  // (MAY_ACT) are both, as the choosers and the skills matrix ask.
  if (filter.suspended !== undefined)
    clauses.push(filter.suspended ? 'suspended_at IS NOT NULL' : 'suspended_at IS NULL');
  if (filter.userIds) add((p) => `id = ANY(${p}::int[])`, filter.userIds);
  const narrowing = clauses.slice(1).join(' AND ') || 'true';
  return { where: clauses.join(' AND '), narrowing, params };
}
