import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type Actor, EXPIRING_SOON_DAYS, type WorkEvent } from '@hub/proto';
import { EXPIRING_SOON_END_SQL } from '../certifications/certification-rules.js';

/**
 * How long before its expiry a certification is expiring soon, in hours as certificationState
 * counts it: `interval '30 days'` moved the session zone's calendar, an hour short or long
 * across a daylight-saving change on a server not set to UTC.
 */
const EXPIRING_WINDOW = `make_interval(hours => ${EXPIRING_SOON_DAYS * 24})`;

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

interface RowBase {
  id: number;
  person: string;
  subject: string;
  at: Date;
}

/**
 * One line of the query below, by kind: completing an observation sets its score and pass, and
 * only certifications inside the window (so with an expiry) are read as expiring.
 */
export type Row = RowBase &
  (
    | { kind: 'observation_completed'; other: string; score: string; passed: boolean }
    | { kind: 'certification_issued' }
    | { kind: 'certification_expiring'; due: Date }
  );

const day = (date: Date) => date.toISOString().slice(0, 10);

type Described = Pick<WorkEvent, 'title' | 'detail' | 'text'>;

function observationCompleted(row: Extract<Row, { kind: 'observation_completed' }>): Described {
  const { person, subject, passed, other: observer } = row;
  const score = Number(row.score);
  return {
    title: `${person} ${passed ? 'passed' : 'did not pass'} "${subject}"`,
    detail: `Observation completed: ${score}%, observed by ${observer}`,
    text: { key: 'observationCompleted', params: { person, subject, passed, score, observer } },
  };
}

function certificationIssued({ person, subject }: RowBase): Described {
  return {
    title: `${person} certified for "${subject}"`,
    detail: 'Certification issued',
    text: { key: 'certificationIssued', params: { person, subject } },
  };
}

function certificationExpiring({ person, subject, due }: RowBase & { due: Date }): Described {
  return {
    title: `${person}'s "${subject}" certification expires soon`,
    // The English text stays as API clients know it; the web app writes the instant in the
    // reader's own zone, where the day may differ from UTC's.
    detail: `Expires ${day(due)}`,
    text: {
      key: 'certificationExpiring',
      params: { person, subject, expiresAt: due.toISOString() },
    },
  };
}

export function describeWork(row: Row): WorkEvent {
  const base = { id: `${row.kind}:${row.id}`, occurredAt: row.at.toISOString() };
  switch (row.kind) {
    case 'observation_completed':
      return { ...base, kind: row.kind, ...observationCompleted(row) };
    case 'certification_issued':
      return { ...base, kind: row.kind, ...certificationIssued(row) };
    case 'certification_expiring':
      return { ...base, kind: row.kind, ...certificationExpiring(row) };
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
               expires_at - ${EXPIRING_WINDOW}, expires_at
          FROM certifications
         WHERE revoked_at IS NULL AND expires_at > now()
           AND expires_at <= ${EXPIRING_SOON_END_SQL}
           AND ($1::int IS NULL OR organization_id = $1) AND ($2::int IS NULL OR user_id = $2)
         ORDER BY expires_at LIMIT $3)
       ORDER BY at DESC, kind, id DESC LIMIT $3`,
      [scope.organizationId, scope.userId, limit],
    )) as Row[];
    return rows.map(describeWork);
  }
}
