import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Actor, WorkEvent } from '@hub/proto';

/** Certifications enter 'expiring soon' this many days before they expire (spec: 30). */
const EXPIRING_DAYS = 30;

/**
 * Whose work the Hub's Recent Activity shows: the whole platform for the super administrator,
 * the organization for its staff, and an operator's own observations and certifications only
 * (colleagues' scores are not his to read).
 */
export interface HubActivityScope {
  organizationId: number | null;
  userId: number | null;
}

export function hubActivityScope(actor: Actor): HubActivityScope {
  if (actor.role === 'super_admin') return { organizationId: null, userId: null };
  return {
    organizationId: actor.organizationId,
    userId: actor.role === 'operator' ? actor.userId : null,
  };
}

interface Row {
  kind: WorkEvent['kind'];
  id: number;
  person: string;
  other: string | null;
  subject: string;
  score: string | null;
  passed: boolean | null;
  at: Date;
  due: Date | null;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

export function describeWork(row: Row): WorkEvent {
  const base = { id: `${row.kind}:${row.id}`, kind: row.kind, occurredAt: row.at.toISOString() };
  switch (row.kind) {
    case 'observation_completed':
      return {
        ...base,
        title: `${row.person} ${row.passed ? 'passed' : 'did not pass'} "${row.subject}"`,
        detail: `Observation completed: ${Number(row.score)}%, observed by ${row.other ?? 'someone'}`,
      };
    case 'certification_issued':
      return {
        ...base,
        title: `${row.person} certified for "${row.subject}"`,
        detail: 'Certification issued',
      };
    default:
      return {
        ...base,
        kind: 'certification_expiring',
        title: `${row.person}'s "${row.subject}" certification expires soon`,
        detail: `Expires ${row.due ? day(row.due) : 'soon'}`,
      };
  }
}

/** The observation service's part of the Hub's Recent Activity, newest first. */
@Injectable()
export class HubActivity {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async events(actor: Actor, limit: number): Promise<WorkEvent[]> {
    const scope = hubActivityScope(actor);
    const rows = (await this.db.query(
      `(SELECT 'observation_completed' AS kind, id, operator_name AS person, observer_name AS other,
               evaluation_title AS subject, score::text AS score, passed, completed_at AS at, NULL::timestamptz AS due
          FROM observations
         WHERE status = 'completed' AND ($1::int IS NULL OR organization_id = $1)
           AND ($2::int IS NULL OR operator_id = $2)
         ORDER BY completed_at DESC LIMIT $3)
       UNION ALL
       (SELECT 'certification_issued', id, holder_name, NULL, title, NULL, NULL, issued_at, NULL
          FROM certifications
         WHERE revoked_at IS NULL AND ($1::int IS NULL OR organization_id = $1)
           AND ($2::int IS NULL OR user_id = $2)
         ORDER BY issued_at DESC LIMIT $3)
       UNION ALL
       (SELECT 'certification_expiring', id, holder_name, NULL, title, NULL, NULL,
               expires_at - interval '${EXPIRING_DAYS} days', expires_at
          FROM certifications
         WHERE revoked_at IS NULL AND expires_at > now()
           AND expires_at <= now() + interval '${EXPIRING_DAYS} days'
           AND ($1::int IS NULL OR organization_id = $1) AND ($2::int IS NULL OR user_id = $2)
         ORDER BY expires_at LIMIT $3)
       ORDER BY at DESC, kind, id DESC LIMIT $3`,
      [scope.organizationId, scope.userId, limit],
    )) as Row[];
    return rows.map(describeWork);
  }
}
