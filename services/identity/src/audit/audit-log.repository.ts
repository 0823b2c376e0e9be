import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuditEntry, NewAuditEntry } from '@hub/proto';
import { decodeCursor, pageOf } from '@hub/kit';

interface AuditRow {
  id: string;
  at: string;
  cursor_at: string;
  action: string;
  outcome: 'success' | 'failure';
  actor_id: number | null;
  actor_email: string | null;
  actor_role: string | null;
  organization_id: number | null;
  target: string | null;
  detail: string | null;
  ip: string;
  user_agent: string;
}

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: new Date(row.at).toISOString(),
  action: row.action,
  outcome: row.outcome,
  actorId: row.actor_id,
  actorEmail: row.actor_email,
  actorRole: row.actor_role,
  organizationId: row.organization_id,
  target: row.target,
  detail: row.detail,
  ip: row.ip,
  userAgent: row.user_agent,
});

/**
 * The SQL condition that an entry of the organization `organization` (a placeholder) is for its
 * members to read: not a super administrator's when a super administrator belongs to it (the
 * platform's organization). Their acts that name no client organization (an organization
 * created, with its domain, or deleted; the prompts saved; their sign-ins) are filed under their
 * own organization, yet are the platform's: an administrator put in that organization reads
 * their own entries there, never these. A client organization's log keeps what the platform did
 * to it. `entry` prefixes audit_log's columns; one declaration for every reader of an
 * organization's entries.
 */
export function membersMayRead(entry: string, organization: string): string {
  return `(${entry}actor_role IS DISTINCT FROM 'super_admin' OR NOT EXISTS (
            SELECT 1 FROM users su
             WHERE su.organization_id = ${organization} AND su.role = 'super_admin'))`;
}

/** The audit log table: INSERT and SELECT only (a trigger refuses anything else). */
@Injectable()
export class AuditLogRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async append(entry: NewAuditEntry): Promise<void> {
    // Raw SQL: the audit log has no entity, and the actor's email is read in the same statement.
    await this.db.query(
      // The actor's email as it is now, so the entry still names them after a change or deletion.
      `INSERT INTO audit_log (action, outcome, actor_id, actor_email, actor_role, organization_id, target, detail, ip, user_agent)
       VALUES ($1, $2, $3, COALESCE($4, (SELECT email FROM users WHERE id = $3)), $5, $6, $7, $8, $9, $10)`,
      [
        entry.action,
        entry.outcome,
        entry.actorId,
        entry.actorEmail,
        entry.actorRole,
        entry.organizationId,
        entry.target,
        entry.detail,
        entry.ip,
        entry.userAgent,
      ],
    );
  }

  /**
   * Newest first, one page after the cursor; `organizationId` null reads every organization (a
   * super administrator), else that organization's as its members may read them.
   */
  async page(
    organizationId: number | null,
    cursor: string | undefined,
    limit: number,
  ): Promise<{ entries: AuditEntry[]; totalCount: number; nextCursor: string | null }> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (organizationId !== null) {
      params.push(organizationId);
      where.push(`organization_id = $${params.length}`, membersMayRead('', `$${params.length}`));
    }
    const scope = where.length ? `WHERE ${where.join(' AND ')}` : '';
    // Raw SQL: the audit log has no entity: an append-only table read as rows.
    const [{ total }] = (await this.db.query(
      `SELECT count(*)::int AS total FROM audit_log ${scope}`,
      params,
    )) as [{ total: number }];
    // The audit log's ids are bigint: past the integer range its pages go on.
    const after = decodeCursor(cursor, ['time', 'bigId']);
    if (after) {
      params.push(after[0], after[1]);
      where.push(`(at, id) < ($${params.length - 1}::timestamptz, $${params.length}::bigint)`);
    }
    params.push(limit + 1);
    // Raw SQL: the audit log has no entity: an append-only table read as rows.
    const rows = (await this.db.query(
      `SELECT id::text AS id, at, at::text AS cursor_at, action, outcome, actor_id, actor_email, actor_role,
              organization_id, target, detail, ip, user_agent
         FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY at DESC, id DESC LIMIT $${params.length}`,
      params,
    )) as AuditRow[];
    const page = pageOf(rows, limit, (row) => [row.cursor_at, row.id]);
    return { entries: page.rows.map(toEntry), totalCount: total, nextCursor: page.nextCursor };
  }
}
