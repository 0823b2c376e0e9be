import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from './ports.mjs';
import { ensurePostgres } from './postgres.mjs';
import { SupervisionReport } from './supervision.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'launcher-postgres-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded PostgreSQL of npm start', () => {
  it('is started again on its data after a kill -9, with every committed row (WAL replay)', async () => {
    const report = new SupervisionReport(join(dataDir, 'report.json'));
    const port = await findFreePort(35_432);
    const postgres = await ensurePostgres(
      `postgres://postgres@127.0.0.1:${port}/postgres`,
      dataDir,
      () => undefined,
      { report },
    );
    try {
      expect(postgres.embedded).toBe(true);
      const before = new pg.Client({ connectionString: postgres.url });
      await before.connect();
      await before.query('CREATE TABLE acknowledged (id int PRIMARY KEY)');
      await before.query('INSERT INTO acknowledged SELECT generate_series(1, 500)');
      before.on('error', () => undefined);

      const pid = report.processes.postgres!.pid!;
      const killedAt = Date.now();
      process.kill(pid, 'SIGKILL');
      await expect
        .poll(() => report.processes.postgres?.restarts, { timeout: 60_000, interval: 100 })
        .toBe(1);
      const after = new pg.Client({ connectionString: postgres.url });
      await after.connect();
      console.log(`[embedded postgres] answering again ${Date.now() - killedAt} ms after kill -9`);
      const { rows } = await after.query<{ count: string }>('SELECT count(*) FROM acknowledged');
      expect(rows[0]!.count).toBe('500');
      await after.end();
      expect(report.processes.postgres).toMatchObject({
        state: 'running',
        lastExit: 'was ended by SIGKILL',
      });
    } finally {
      await postgres.stop();
    }
    expect(report.processes.postgres!.state).toBe('stopped');
  }, 120_000);
});
