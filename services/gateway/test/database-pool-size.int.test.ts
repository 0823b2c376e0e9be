import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './test-stack.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ DATABASE_POOL_SIZE: '2' });
});

afterAll(async () => {
  await stack?.stop();
});

/** Each service's sessions on the suite's database, by their name in pg_stat_activity. */
async function sessionsByService(): Promise<Record<string, number>> {
  const { rows } = await stack.sql.query<{ name: string; sessions: number }>(
    `SELECT application_name AS name, count(*)::int AS sessions FROM pg_stat_activity
     WHERE datname = current_database() AND application_name LIKE 'hub-%' GROUP BY 1`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.sessions]));
}

describe('DATABASE_POOL_SIZE', () => {
  it('holds each service to that many PostgreSQL sessions, however many queries come at once', async () => {
    const services = [
      stack.identity,
      stack.library,
      stack.observation,
      stack.video,
      stack.integration,
    ];
    await Promise.all(
      services.flatMap((service) =>
        Array.from({ length: 6 }, () => service.dataSource.query('SELECT pg_sleep(0.1)')),
      ),
    );
    const sessions = await sessionsByService();
    for (const name of [
      'hub-identity',
      'hub-library',
      'hub-observation',
      'hub-video',
      'hub-integration',
    ]) {
      expect(sessions[name], name).toBe(2);
    }
  });
});
