import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { IDENTITY_TEMPLATE } from '../test-support/identity-database-template.js';
import { openIdentityDatabase } from '../database.js';
import { LanguageDateFormats1767860000000 } from '../migrations/1767860000000-language-date-formats.js';
import { insertOrganizations } from '../test-support/organizations.js';

let resources: TestResources;
let db: DataSource;
let organizationId: number;
let people = 0;

beforeAll(async () => {
  resources = await claimTemplateResources(IDENTITY_TEMPLATE);
  db = await openIdentityDatabase(resources.databaseUrl);
  [organizationId] = (await insertOrganizations(db, 1)) as [number];
});

afterAll(async () => {
  await db?.destroy();
  await resources?.release();
});

async function migrate(step: 'up' | 'down'): Promise<void> {
  const runner = db.createQueryRunner();
  try {
    await new LanguageDateFormats1767860000000()[step](runner);
  } finally {
    await runner.release();
  }
}

/** One person per stored format (null: the column's default), their ids in that order. */
async function peopleWithFormats(formats: (string | null)[]): Promise<number[]> {
  const ids: number[] = [];
  for (const format of formats) {
    people += 1;
    const [user] = (await db.query(
      `INSERT INTO users (email, name, role, organization_id) VALUES ($1, 'Person', 'operator', $2)
       RETURNING id`,
      [`person${people}@org1.example`, organizationId],
    )) as { id: number }[];
    await db.query(
      format === null
        ? `INSERT INTO user_preferences (user_id, language, theme) VALUES ($1, 'es', 'system')`
        : `INSERT INTO user_preferences (user_id, language, date_format, theme)
           VALUES ($1, 'es', $2, 'system')`,
      format === null ? [user!.id] : [user!.id, format],
    );
    ids.push(user!.id);
  }
  return ids;
}

async function formatsOf(ids: number[]): Promise<(string | null)[]> {
  const rows = (await db.query(
    `SELECT user_id, date_format FROM user_preferences WHERE user_id = ANY($1::int[])`,
    [ids],
  )) as { user_id: number; date_format: string | null }[];
  return ids.map((id) => rows.find((row) => row.user_id === id)!.date_format);
}

describe('date formats that follow the language', () => {
  it('turns the stored US default into "not chosen" and keeps the formats people chose', async () => {
    // The table as the previous release kept it: every row had a format, US order by default.
    await migrate('down');
    const ids = await peopleWithFormats(['MM/DD/YYYY', 'YYYY-MM-DD', 'DD/MM/YYYY', null]);
    expect(await formatsOf(ids)).toEqual(['MM/DD/YYYY', 'YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY']);

    await migrate('up');
    expect(await formatsOf(ids)).toEqual([null, 'YYYY-MM-DD', 'DD/MM/YYYY', null]);
    // A person saving no format from now on stores none.
    const [later] = await peopleWithFormats([null]);
    expect(await formatsOf([later!])).toEqual([null]);
  });
});
