import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import type { Actor } from '@hub/proto';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import {
  expiringAroundTheWindow,
  inZone,
  zoneSpringingForwardSoon,
  sessionZone,
} from '../test-support/database-zone.js';
import { HubActivity } from './hub-activity.js';

const ORG = 93;
const HOUR_MS = 60 * 60 * 1000;

/**
 * The Hub's "expires soon" events use the certifications' expiring-soon window: 30 days of 24
 * hours (certificationState). `interval '30 days'` moved the session zone's calendar, an hour
 * short across a daylight-saving change on a server not set to UTC.
 */
describe("the Hub's expiring certifications, whatever zone the database is set to", () => {
  let resources: TestResources;
  let db: DataSource;

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(
      inZone(resources.databaseUrl, zoneSpringingForwardSoon(new Date())),
    );
    await expiringAroundTheWindow(db, ORG, () => 'Cooling', 'HUBZONE-');
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('tells one expiring within 30 days of 24 hours, entered the window 30 days before', async () => {
    expect(await sessionZone(db)).toMatch(/^<\+00>0<\+01>-1,/);
    const actor: Actor = { userId: 1, organizationId: ORG, role: 'training_supervisor' };
    const expiring = (await new HubActivity(db).events(actor, 10)).filter(
      (event) => event.kind === 'certification_expiring',
    );
    expect(expiring.map((event) => event.id)).toEqual([
      expect.stringMatching(/^certification_expiring:\d+$/),
    ]);
    const { text, occurredAt } = expiring[0]!;
    const expiresAt = new Date((text.params as { expiresAt: string }).expiresAt).getTime();
    expect(new Date(occurredAt).getTime()).toBe(expiresAt - 30 * 24 * HOUR_MS);
  });
});
