import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { type Actor, WorkEvents } from '@hub/proto';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { HubActivity } from '../reporting/hub-activity.js';

/** Issue #35: the Hub's Recent Activity reports work, not sign-ins only. */
describe("the Hub's work events", () => {
  let resources: TestResources;
  let db: DataSource;
  const ORG = 7;
  const OTHER = 8;
  const OTTO = 21;
  const OLGA = 22;
  const TESS = 30;

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    await db.query(
      `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title, questions,
         operator_id, operator_name, observer_id, observer_name, status, pass_mark, score, passed, started_at, completed_at)
       VALUES ($1, 1, 1, 'Cooling', '[]', $3, 'Otto', $5, 'Tess', 'completed', 80, 100, true, now() - interval '3 hours', now() - interval '2 hours'),
              ($1, 1, 1, 'Cooling', '[]', $4, 'Olga', $5, 'Tess', 'completed', 80, 40, false, now() - interval '2 hours', now() - interval '1 hour'),
              ($1, 1, 1, 'Cooling', '[]', $4, 'Olga', $5, 'Tess', 'in_progress', 80, NULL, NULL, now(), NULL),
              ($2, 1, 1, 'Elsewhere', '[]', 99, 'Sam', 98, 'Ray', 'completed', 80, 90, true, now() - interval '1 hour', now())`,
      [ORG, OTHER, OTTO, OLGA, TESS],
    );
    await db.query(
      `INSERT INTO certifications (organization_id, user_id, holder_name, kind, subject_id, title,
         validity_months, issued_at, expires_at, verification_code)
       VALUES ($1, $2, 'Otto', 'sop', 1, 'Cooling', 12, now() - interval '119 minutes', now() + interval '1 year', 'code-1'),
              ($1, $2, 'Otto', 'sop', 2, 'Ovens', 12, now() - interval '340 days', now() + interval '25 days', 'code-2')`,
      [ORG, OTTO],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  const actor = (userId: number, role: Actor['role']): Actor => ({
    userId,
    organizationId: ORG,
    role,
  });

  it("lists the organization's completed observations and certifications, newest first", async () => {
    const events = await new HubActivity(db).events(actor(TESS, 'training_supervisor'), 10);
    expect(events.map((event) => [event.kind, event.title])).toEqual([
      ['observation_completed', 'Olga did not pass "Cooling"'],
      ['certification_issued', 'Otto certified for "Cooling"'],
      ['observation_completed', 'Otto passed "Cooling"'],
      // Entered the 30-day window 5 days ago; issued 340 days ago.
      ['certification_expiring', `Otto's "Ovens" certification expires soon`],
      ['certification_issued', 'Otto certified for "Ovens"'],
    ]);
    expect(events[0]!.detail).toBe('Observation completed: 40%, observed by Tess');
  });

  it("gives each event a code and its parts, for the web app to word in its reader's language", async () => {
    const events = await new HubActivity(db).events(actor(TESS, 'training_supervisor'), 10);
    expect(events.map((event) => event.text)).toEqual([
      {
        key: 'observationCompleted',
        params: { person: 'Olga', subject: 'Cooling', passed: false, score: 40, observer: 'Tess' },
      },
      { key: 'certificationIssued', params: { person: 'Otto', subject: 'Cooling' } },
      {
        key: 'observationCompleted',
        params: { person: 'Otto', subject: 'Cooling', passed: true, score: 100, observer: 'Tess' },
      },
      {
        key: 'certificationExpiring',
        params: { person: 'Otto', subject: 'Ovens', expiresAt: expect.any(String) },
      },
      { key: 'certificationIssued', params: { person: 'Otto', subject: 'Ovens' } },
    ]);
    // The instant itself, not its UTC day: the reader's zone decides which day it is.
    const expiring = events.find((event) => event.text.key === 'certificationExpiring')!;
    const [ovens] = (await db.query(
      `SELECT expires_at FROM certifications WHERE title = 'Ovens'`,
    )) as { expires_at: Date }[];
    expect(expiring.text.params).toMatchObject({ expiresAt: ovens!.expires_at.toISOString() });
    expect(() => WorkEvents.parse(events)).not.toThrow();
  });

  it("gives an operator his own work only, and the super administrator everyone's", async () => {
    const olga = await new HubActivity(db).events(actor(OLGA, 'operator'), 10);
    expect(olga.map((event) => event.title)).toEqual(['Olga did not pass "Cooling"']);
    const root = await new HubActivity(db).events(actor(1, 'super_admin'), 10);
    expect(root.map((event) => event.title)).toContain('Sam passed "Elsewhere"');
  });
});
