import { decodeCursor, unknownCursor } from '@hub/kit';
import type { CertificationListQuery } from '@hub/proto';
import { stateSql } from './certification-rules.js';
import type { CertificationRow, MatchingSubjects } from './certifications.repository.js';

/** ILIKE's pattern for text anywhere, its own % _ and \\ taken as letters. */
const substringPattern = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

export const JOINED = `FROM certifications c
  LEFT JOIN courses co ON c.kind = 'course' AND co.id = c.subject_id`;
export const SELECT = `SELECT c.*, co.category AS course_category ${JOINED}`;

/** A listed row and its sort key as PostgreSQL prints it (microseconds kept: the cursor's). */
export type ListedRow = CertificationRow & { sort_key: string };

/** How a list is ordered: by a time column, then by id the same way, so no two rows tie. */
export interface ListOrder {
  column: 'c.issued_at' | 'c.expires_at';
  direction: 'DESC' | 'ASC';
  /** What its cursors begin with, so one order's cursor is refused by the other. */
  cursorPrefix: string;
}

const NEWEST_ISSUE: ListOrder = { column: 'c.issued_at', direction: 'DESC', cursorPrefix: '' };
/**
 * The expiry digest's lists lead with what lapses first (expired: the longest lapsed). Its
 * cursors begin with 'e', where an encoded key (a JSON array) begins with 'W': neither order's
 * cursor passes for the other's.
 */
const SOONEST_EXPIRY: ListOrder = { column: 'c.expires_at', direction: 'ASC', cursorPrefix: 'e' };

export function orderOf(filter: CertificationListQuery): ListOrder {
  return filter.state === 'expiring_soon' || filter.state === 'expired'
    ? SOONEST_EXPIRY
    : NEWEST_ISSUE;
}

/** The key a cursor of `order` names; a cursor of the other order is refused, not misread. */
export function cursorKey(cursor: string | undefined, order: ListOrder): string[] | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const ofExpiry = cursor.startsWith(SOONEST_EXPIRY.cursorPrefix);
  if (ofExpiry !== (order === SOONEST_EXPIRY) || cursor === order.cursorPrefix) {
    throw unknownCursor();
  }
  return decodeCursor(cursor.slice(order.cursorPrefix.length), ['time', 'id']);
}

/** The conditions a list's filter makes, with their parameters ($1 the organization). */
export function selection(
  organizationId: number,
  filter: CertificationListQuery,
  matching: MatchingSubjects,
): { where: string; params: unknown[] } {
  const params: unknown[] = [organizationId];
  const where = ['c.organization_id = $1'];
  const add = (clause: string, ...values: unknown[]) => {
    const first = params.length + 1;
    params.push(...values);
    where.push(clause.replace(/\?(\d)/g, (_, index: string) => `$${first + Number(index)}`));
  };
  if (filter.userId) add('c.user_id = ?0', filter.userId);
  if (filter.documentId) add(`c.kind = 'sop' AND c.subject_id = ?0`, filter.documentId);
  if (filter.courseId) add(`c.kind = 'course' AND c.subject_id = ?0`, filter.courseId);
  if (filter.state) add(`(${stateSql('c')}) = ?0`, filter.state);
  if (filter.search) {
    add(
      `(c.holder_name ILIKE ?0 OR c.title ILIKE ?0
        OR (c.kind = 'sop' AND c.subject_id = ANY(?1::int[]))
        OR (c.kind = 'course' AND c.subject_id = ANY(?2::int[])))`,
      substringPattern(filter.search),
      matching.sopIds,
      matching.courseIds,
    );
  }
  return { where: where.join(' AND '), params };
}

/**
 * The query of the selection's rows after the cursor's, one over the limit (pageOf), in the
 * order's key and id, which a row added meanwhile does not change.
 */
export function pageAfter(
  selected: { where: string; params: unknown[] },
  filter: CertificationListQuery,
  order: ListOrder,
): [string, unknown[]] {
  const params = [...selected.params];
  let where = selected.where;
  const after = cursorKey(filter.cursor, order);
  if (after) {
    params.push(after[0], after[1]);
    const past = order.direction === 'DESC' ? '<' : '>';
    where += ` AND (${order.column}, c.id) ${past} ($${params.length - 1}::timestamptz, $${params.length}::int)`;
  }
  params.push(filter.limit + 1);
  return [
    `SELECT c.*, co.category AS course_category, ${order.column}::text AS sort_key ${JOINED}
      WHERE ${where}
      ORDER BY ${order.column} ${order.direction}, c.id ${order.direction} LIMIT $${params.length}`,
    params,
  ];
}
