import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { ReportsRepository } from './reports.repository.js';

/**
 * Upcoming Goals' courses due from today on: today is the organization's calendar date (as
 * identity answers it), not the UTC date, which is a day ahead or behind for hours in zones far
 * from UTC.
 */
describe('the courses due from today on', () => {
  let resources: TestResources;
  let db: DataSource;
  const ORG = 7;
  let utcToday: string;
  const shift = async (days: number) => {
    const [row] = (await db.query(
      `SELECT to_char((now() AT TIME ZONE 'UTC')::date + $1::int, 'YYYY-MM-DD') AS day`,
      [days],
    )) as { day: string }[];
    return row!.day;
  };

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    utcToday = await shift(0);
    // Due yesterday, today and tomorrow by the UTC date.
    await db.query(
      `INSERT INTO courses (id, organization_id, title, description, category, duration,
         difficulty, created_by, due_date)
       SELECT 10 + d, $1, 'Due ' || d, '', 'Safety', '1 h', 'Beginner', 1,
              (now() AT TIME ZONE 'UTC')::date + d
         FROM generate_series(-1, 1) d`,
      [ORG],
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  const due = async (today: string) =>
    (await new ReportsRepository(db).dueCourses(ORG, 5, today)).map((row) => row.title);

  it("lists the course due on the organization's today when UTC is already a day ahead", async () => {
    // Honolulu in its evening: its date is UTC's yesterday; that course is due today there.
    expect(await due(await shift(-1))).toEqual(['Due -1', 'Due 0', 'Due 1']);
  });

  it("leaves out the UTC today's course when the organization is already a day ahead", async () => {
    // Auckland in its morning: its date is UTC's tomorrow; today's UTC course is past due there.
    expect(await due(await shift(1))).toEqual(['Due 1']);
    expect(await due(utcToday)).toEqual(['Due 0', 'Due 1']);
  });
});
