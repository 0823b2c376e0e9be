import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { HeldRemovals, S3Storage } from '@hub/runtime';
import {
  claimTestResources,
  dropDatabase,
  freePort,
  TEST_REDIS_URL,
  type TestResources,
} from '@hub/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePostgres, postgresDataDir } from '../launcher/postgres.mjs';
import { SupervisionReport } from '../launcher/supervision.mjs';
import { backup } from './backup.mjs';
import { ensureDatabase } from './database.mjs';
import { repoRoot } from './postgres-tools.mjs';
import { restore, StackNotEmpty } from './restore.mjs';

/*
 * The commands on S3 (s3rver) and a database of their own: a schema with a migrations table and
 * rows, two objects; backed up, then restored into another database and another bucket.
 * The whole product's records are the restore drill's (reliability/restore-drill.int.test.ts).
 */
const SERVER_URL = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
const folder = mkdtempSync(join(tmpdir(), 'hub-backup-int-'));
const archive = join(folder, 'backup.tar');
let s3: S3rver;
let endpoint: string;
let source: TestResources;
let target: TestResources;
const quiet = () => undefined;

const envOf = (resources: TestResources, bucket: string): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  DATABASE_URL: resources.databaseUrl,
  REDIS_URL: TEST_REDIS_URL,
  REDIS_PREFIX: resources.redisPrefix,
  DATA_DIR: folder,
  S3_ENDPOINT: endpoint,
  S3_ACCESS_KEY: 'S3RVER',
  S3_SECRET_KEY: 'S3RVER',
  S3_BUCKET: bucket,
});
const bucketOf = (bucket: string) =>
  new S3Storage({
    endpoint,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    bucket,
    region: 'us-east-1',
  });

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** A service's schema as the backup finds one: a TypeORM migrations table and rows. */
const SERVICE_SCHEMA = `CREATE SCHEMA identity;
  CREATE TABLE identity.migrations (id serial PRIMARY KEY, timestamp bigint NOT NULL, name varchar NOT NULL);
  INSERT INTO identity.migrations (timestamp, name) VALUES (1, 'First1'), (2, 'Second2');
  CREATE TABLE identity.users (id serial PRIMARY KEY, email text NOT NULL);
  INSERT INTO identity.users (email) VALUES ('a@x.test'), ('b@x.test'), ('c@x.test');`;

beforeAll(async () => {
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(folder, 's3') });
  endpoint = `http://127.0.0.1:${((await s3.run()) as AddressInfo).port}`;
  source = claimTestResources();
  target = claimTestResources();
  for (const { databaseUrl } of [source, target]) {
    await query(
      `${SERVER_URL}/postgres`,
      `CREATE DATABASE "${new URL(databaseUrl).pathname.slice(1)}"`,
    );
  }
  await query(source.databaseUrl, SERVICE_SCHEMA);
  const store = bucketOf('source');
  await store.put('org/1/pictures/a.png', Buffer.from('picture a'), 'image/png');
  await store.put('org/2/documents/b.pdf', Buffer.from('%PDF- b'), 'application/pdf');
});

afterAll(async () => {
  await s3?.close();
  for (const resources of [source, target]) {
    if (resources) await dropDatabase(resources.databaseUrl);
  }
  rmSync(folder, { recursive: true, force: true });
});

describe('npm run backup and npm run restore', () => {
  it('backs up the schema and the bucket with a manifest', async () => {
    const lines: string[] = [];
    const manifest = await backup({
      output: archive,
      env: envOf(source, 'source'),
      log: (line) => lines.push(line),
    });
    expect(manifest.database.schemas).toEqual({
      identity: { lastMigration: 'Second2', rows: { migrations: 2, users: 3 } },
    });
    expect(manifest.storage).toEqual({ kind: 's3', objects: 2 });
    expect(Object.keys(manifest.files)).toEqual([
      'database/hub.dump',
      'objects/org/1/pictures/a.png',
      'objects/org/2/documents/b.pdf',
    ]);
    expect(lines.at(-1)).toMatch(
      /^Backup written to .*backup\.tar: .*, 5 rows in 1 schemas, 2 files, in/,
    );
  });

  it('holds a file removed while it runs, which its snapshot names, and refuses a second backup meanwhile', async () => {
    const store = bucketOf('held');
    await store.put('org/3/videos/gone.mp4', Buffer.from('removed during the backup'), 'video/mp4');
    await store.put('org/3/videos/kept.mp4', Buffer.from('kept'), 'video/mp4');
    // What a backup killed earlier kept aside, its lease long expired: deleted, never archived.
    await store.put('backup-hold/removed/killed/org/3/old.mp4', Buffer.from('old'), 'video/mp4');
    const second = join(folder, 'second.tar');
    const lines: string[] = [];
    const manifest = await backup({
      output: join(folder, 'held.tar'),
      env: envOf(source, 'held'),
      log: async (line) => {
        lines.push(line);
        if (!line.startsWith('Database dumped')) return;
        // A service deleting the video between the snapshot and the copy of the files.
        await new HeldRemovals(store).remove('org/3/videos/gone.mp4');
        // Kept under this backup's lease, which the second backup's sweep leaves alone.
        await expect(
          backup({ output: second, env: envOf(source, 'held'), log: quiet }),
        ).rejects.toThrow(/^Another backup is running \(started at /);
        expect(await store.list('backup-hold/removed/')).toEqual([
          expect.stringMatching(/^backup-hold\/removed\/[\da-f-]{36}\/org\/3\/videos\/gone\.mp4$/),
        ]);
      },
    });
    expect(lines[0]).toBe('Dropped 1 files a stopped backup (killed) had kept aside');
    expect(Object.keys(manifest.files)).toEqual([
      'database/hub.dump',
      'objects/org/3/videos/kept.mp4',
      'objects/org/3/videos/gone.mp4',
    ]);
    expect(await store.list('org/')).toEqual(['org/3/videos/kept.mp4']);
    expect(await store.list('backup-hold/')).toEqual([]);
    // Ended: removals go straight through again.
    await new HeldRemovals(store).remove('org/3/videos/kept.mp4');
    expect([...(await store.list('org/')), ...(await store.list('backup-hold/'))]).toEqual([]);
  });

  it('stopped by a signal (Ctrl-C, a stopped job), leaves no archive and frees the store for the next', async () => {
    const store = bucketOf('stopped');
    await store.put('org/1/pictures/a.png', Buffer.from('picture a'), 'image/png');
    // The file's download never answers: the backup is mid-copy whenever the signal comes.
    const held: ServerResponse[] = [];
    let stalled!: () => void;
    const copying = new Promise<void>((resolve) => (stalled = resolve));
    const proxy = createServer((request, response) => {
      if (request.method === 'GET' && request.url?.startsWith('/stopped/org/1/pictures/a.png')) {
        held.push(response);
        return stalled();
      }
      const upstream = httpRequest(
        `${endpoint}${request.url}`,
        { method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      request.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const output = join(folder, 'stopped.tar');
    const child = spawn(
      process.execPath,
      [join(repoRoot, 'infra/backup/backup.mjs'), '--output', output],
      {
        cwd: repoRoot,
        env: {
          ...envOf(source, 'stopped'),
          S3_ENDPOINT: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let said = '';
    child.stdout.on('data', (chunk) => (said += chunk));
    child.stderr.on('data', (chunk) => (said += chunk));
    const ended = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    try {
      await copying;
      child.kill('SIGINT');
      expect(await ended, said).toBe(130);
    } finally {
      child.kill('SIGKILL');
      for (const response of held) response.destroy();
      proxy.close();
    }
    expect(said).toMatch(/Backup stopped by SIGINT: no archive was written/);
    expect(readdirSync(folder).filter((name) => name.startsWith('stopped.tar'))).toEqual([]);
    // Its lease released: the next backup need not wait for it to expire.
    await backup({ output, env: envOf(source, 'stopped'), log: quiet });
    expect(existsSync(output)).toBe(true);
  });

  it('refuses while services of the product are connected to its database, naming them, and writes nothing', async () => {
    const connectedAs = async (url: string, applicationName: string) => {
      const client = new pg.Client({ connectionString: url, application_name: applicationName });
      await client.connect();
      return client;
    };
    const services = [
      await connectedAs(target.databaseUrl, 'hub-observation'),
      await connectedAs(target.databaseUrl, 'hub-identity'),
    ];
    // An operator's psql, and a service of another stack on the same server: not this stack's.
    const others = [
      await connectedAs(target.databaseUrl, 'psql'),
      await connectedAs(source.databaseUrl, 'hub-library'),
    ];
    try {
      await expect(
        restore({ archive, replace: true, env: envOf(target, 'target'), log: quiet }),
      ).rejects.toThrow(
        /^The product is running: identity, observation are connected to its database\. Nothing was restored: stop the product/,
      );
      expect(await bucketOf('target').list('org/')).toEqual([]);
      expect(
        await query(target.databaseUrl, `SELECT 1 FROM pg_namespace WHERE nspname = 'identity'`),
      ).toEqual([]);
      for (const client of services.splice(0)) await client.end();
      await expect(
        restore({ archive, replace: false, env: envOf(target, 'running-check'), log: quiet }),
      ).resolves.toBeUndefined();
      await query(target.databaseUrl, 'DROP SCHEMA identity CASCADE');
    } finally {
      for (const client of [...services, ...others]) await client.end();
    }
  });

  it('restores into an empty database and bucket, refuses them once they hold data, and empties the queues of before', async () => {
    await restore({ archive, replace: false, env: envOf(target, 'target'), log: quiet });
    expect(await query(target.databaseUrl, 'SELECT email FROM identity.users ORDER BY id')).toEqual(
      [{ email: 'a@x.test' }, { email: 'b@x.test' }, { email: 'c@x.test' }],
    );
    const restored = bucketOf('target');
    expect(await restored.list('org/')).toEqual(['org/1/pictures/a.png', 'org/2/documents/b.pdf']);
    expect(await text(await restored.get('org/2/documents/b.pdf'))).toBe('%PDF- b');

    await query(target.databaseUrl, `INSERT INTO identity.users (email) VALUES ('new@x.test')`);
    await expect(
      restore({ archive, replace: false, env: envOf(target, 'target'), log: quiet }),
    ).rejects.toThrow(StackNotEmpty);
    // The queues of the timeline the restore discards: a job of a document id the restored
    // sequences will give again, which BullMQ would take a new upload's job for.
    const redis = new Redis(TEST_REDIS_URL);
    const stale = `${target.redisPrefix}bull:pdf-processing:doc-101-run-1`;
    const elsewhere = `${source.redisPrefix}kept`;
    await redis.set(stale, 'completed');
    await redis.set(elsewhere, 'another stack');
    const lines: string[] = [];
    try {
      await restore({
        archive,
        replace: true,
        env: envOf(target, 'target'),
        log: (line) => lines.push(line),
      });
      expect(await redis.exists(stale)).toBe(0);
      expect(await redis.get(elsewhere)).toBe('another stack');
    } finally {
      await redis.del(stale, elsewhere);
      redis.disconnect();
    }
    expect(lines).toContainEqual(expect.stringMatching(/^Emptied Redis at .*: 1 keys under /));
    // Another stack whose prefix extends this one's: its keys are never this restore's to remove.
    const staging = `${target.redisPrefix}staging:bull:pdf-processing:id`;
    const again = new Redis(TEST_REDIS_URL);
    await again.set(staging, '1');
    try {
      const said: string[] = [];
      await restore({
        archive,
        replace: true,
        env: envOf(target, 'target'),
        log: (line) => said.push(line),
      });
      expect(await again.get(staging)).toBe('1');
      expect(said).toContainEqual(expect.stringMatching(/holds another stack's keys under/));
    } finally {
      await again.del(staging);
      again.disconnect();
    }
    expect(
      await query(target.databaseUrl, 'SELECT count(*)::int AS n FROM identity.users'),
    ).toEqual([{ n: 3 }]);
  });

  it('leaves the database and the store as they were when --replace fails in the database, and replaces both once it can', async () => {
    const env = envOf(target, 'target');
    const store = bucketOf('target');
    await query(target.databaseUrl, `INSERT INTO identity.users (email) VALUES ('kept@x.test')`);
    await store.put('org/3/pictures/later.png', Buffer.from('later'), 'image/png');
    // The restore's own CREATE TABLE refused midway, as a server out of disk or a dump it cannot
    // read would refuse it: a real failure of pg_restore, after the schemas were set aside.
    await query(
      target.databaseUrl,
      `CREATE FUNCTION public.refuse_users() RETURNS event_trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF EXISTS (SELECT 1 FROM pg_event_trigger_ddl_commands()
                     WHERE command_tag = 'CREATE TABLE' AND object_identity = 'identity.users') THEN
           RAISE EXCEPTION 'no room for identity.users';
         END IF;
       END $$;
       CREATE EVENT TRIGGER refuse_users ON ddl_command_end EXECUTE FUNCTION public.refuse_users();`,
    );
    try {
      await expect(restore({ archive, replace: true, env, log: quiet })).rejects.toThrow(
        /no room for identity\.users[\s\S]*Nothing was changed/,
      );
    } finally {
      await query(
        target.databaseUrl,
        'DROP EVENT TRIGGER refuse_users; DROP FUNCTION public.refuse_users()',
      );
    }
    expect(await query(target.databaseUrl, 'SELECT email FROM identity.users ORDER BY id')).toEqual(
      [
        { email: 'a@x.test' },
        { email: 'b@x.test' },
        { email: 'c@x.test' },
        { email: 'kept@x.test' },
      ],
    );
    expect(
      await query(
        target.databaseUrl,
        `SELECT nspname FROM pg_namespace WHERE nspname LIKE 'identity%'`,
      ),
    ).toEqual([{ nspname: 'identity' }]);
    expect(await store.list('org/')).toEqual([
      'org/1/pictures/a.png',
      'org/2/documents/b.pdf',
      'org/3/pictures/later.png',
    ]);

    await restore({ archive, replace: true, env, log: quiet });
    expect(await query(target.databaseUrl, 'SELECT email FROM identity.users ORDER BY id')).toEqual(
      [{ email: 'a@x.test' }, { email: 'b@x.test' }, { email: 'c@x.test' }],
    );
    expect(await store.list('org/')).toEqual(['org/1/pictures/a.png', 'org/2/documents/b.pdf']);
  });

  it('refuses a backup of a newer release before writing anything', async () => {
    const future = claimTestResources();
    const newer = join(folder, 'newer.tar');
    try {
      await query(
        `${SERVER_URL}/postgres`,
        `CREATE DATABASE "${new URL(future.databaseUrl).pathname.slice(1)}"`,
      );
      await query(future.databaseUrl, SERVICE_SCHEMA);
      // A migration a later release added, its name ending in a timestamp no service here has.
      await query(
        future.databaseUrl,
        `INSERT INTO identity.migrations (timestamp, name) VALUES (4102444800000, 'Later4102444800000')`,
      );
      await backup({ output: newer, env: envOf(future, 'future'), log: quiet });
    } finally {
      await dropDatabase(future.databaseUrl);
    }
    const before = await query(target.databaseUrl, 'SELECT email FROM identity.users ORDER BY id');
    await expect(
      restore({ archive: newer, replace: true, env: envOf(target, 'target'), log: quiet }),
    ).rejects.toThrow(
      /newer release .*identity is at Later4102444800000[\s\S]*Nothing was restored/,
    );
    expect(await query(target.databaseUrl, 'SELECT email FROM identity.users ORDER BY id')).toEqual(
      before,
    );
  });

  it('restores a backup of an older release whose tables lack columns added since', async () => {
    const older = claimTestResources();
    const into = claimTestResources();
    const olderArchive = join(folder, 'older.tar');
    try {
      await query(
        `${SERVER_URL}/postgres`,
        `CREATE DATABASE "${new URL(older.databaseUrl).pathname.slice(1)}"`,
      );
      // The video schema as its first migration made it: no analysis_queued_at yet (added by
      // AnalysisDispatch1766100000000), an analysis under way.
      await query(
        older.databaseUrl,
        `CREATE SCHEMA video;
         CREATE TABLE video.migrations (id serial PRIMARY KEY, timestamp bigint NOT NULL, name varchar NOT NULL);
         INSERT INTO video.migrations (timestamp, name) VALUES (1764300000000, 'Videos1764300000000');
         CREATE TABLE video.videos (id serial PRIMARY KEY, analysis_status text NOT NULL,
           progress_updated_at timestamptz NOT NULL DEFAULT now());
         INSERT INTO video.videos (analysis_status) VALUES ('processing'), ('completed');`,
      );
      await backup({ output: olderArchive, env: envOf(older, 'older'), log: quiet });
      const lines: string[] = [];
      await restore({
        archive: olderArchive,
        replace: false,
        env: envOf(into, 'older-into'),
        log: (line) => lines.push(line),
      });
      // Handed to the analysis sweeper once the video service has migrated it.
      expect(
        await query(
          into.databaseUrl,
          `SELECT analysis_status, progress_updated_at = 'epoch' AS stalled FROM video.videos ORDER BY id`,
        ),
      ).toEqual([
        { analysis_status: 'processing', stalled: true },
        { analysis_status: 'completed', stalled: false },
      ]);
      expect(lines).toContainEqual(expect.stringMatching(/0 documents and 1 videos were being/));
    } finally {
      await dropDatabase(older.databaseUrl);
      await dropDatabase(into.databaseUrl);
    }
  });

  it('says the database is restored and how to finish when a step after it fails', async () => {
    const env = envOf(target, 'target');
    await query(target.databaseUrl, `INSERT INTO identity.users (email) VALUES ('later@x.test')`);
    // The restore's shell without the product's Redis password: refused once the database is in.
    const refusing = { ...env, REDIS_URL: 'redis://nobody:wrong@127.0.0.1:6379' };
    await expect(restore({ archive, replace: true, env: refusing, log: quiet })).rejects.toThrow(
      /\nThe database is restored, but the restore did not finish \(sessions, Redis, files\): run the same command again with --replace/,
    );
    await restore({ archive, replace: true, env, log: quiet });
    expect(await query(target.databaseUrl, 'SELECT email FROM identity.users ORDER BY id')).toEqual(
      [{ email: 'a@x.test' }, { email: 'b@x.test' }, { email: 'c@x.test' }],
    );
  });

  it('puts back the schemas a restore killed midway had set aside', async () => {
    await query(
      target.databaseUrl,
      `INSERT INTO identity.users (email) VALUES ('kept@x.test');
       ALTER SCHEMA identity RENAME TO identity__before_restore;`,
    );
    await expect(
      restore({ archive, replace: false, env: envOf(target, 'target'), log: quiet }),
    ).rejects.toThrow(StackNotEmpty);
    expect(
      await query(target.databaseUrl, 'SELECT count(*)::int AS n FROM identity.users'),
    ).toEqual([{ n: 4 }]);
  });

  it('does not guess which to keep when a schema left aside has one of its name beside it', async () => {
    // As a service would make it at its start, empty, while the real data waited aside.
    await query(
      target.databaseUrl,
      `ALTER SCHEMA identity RENAME TO identity__before_restore; CREATE SCHEMA identity;`,
    );
    await expect(
      restore({ archive, replace: true, env: envOf(target, 'target'), log: quiet }),
    ).rejects.toThrow(/identity__before_restore beside identity[\s\S]*Nothing was restored/);
    expect(
      await query(
        target.databaseUrl,
        'SELECT count(*)::int AS n FROM identity__before_restore.users',
      ),
    ).toEqual([{ n: 4 }]);
    await query(
      target.databaseUrl,
      'DROP SCHEMA identity; ALTER SCHEMA identity__before_restore RENAME TO identity;',
    );
  });
});

describe('npm run backup and npm run restore of the embedded PostgreSQL', () => {
  const isRoot = process.getuid?.() === 0;
  const dataDir = mkdtempSync(join(tmpdir(), 'hub-backup-embedded-'));
  const databaseDir = postgresDataDir(dataDir, isRoot).path;
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseDir.startsWith('/var/lib/')) rmSync(databaseDir, { recursive: true, force: true });
  });

  /** The embedded PostgreSQL as `npm start` starts it on DATA_DIR, at DATABASE_URL's port. */
  const startEmbedded = (databaseUrl: string) =>
    ensurePostgres(databaseUrl, dataDir, quiet, {
      report: new SupervisionReport(join(dataDir, 'postgres-supervision.json')),
    });

  /** The command as an operator runs it beside `npm start`: the product's variables only. */
  function command(script: 'backup' | 'restore', args: string[], databaseUrl: string) {
    const run = spawnSync(
      process.execPath,
      [join(repoRoot, `infra/backup/${script}.mjs`), ...args],
      {
        cwd: repoRoot,
        // Redis stopped with the stack (nothing listens on port 1): the launcher's own, whose
        // files are in DATA_DIR/redis.
        env: {
          PATH: process.env.PATH,
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          REDIS_URL: 'redis://127.0.0.1:1',
        },
        encoding: 'utf8',
      },
    );
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  }

  const contents = async (url: string) => ({
    users: await query(url, 'SELECT id, email FROM identity.users ORDER BY id'),
    migrations: await query(url, 'SELECT timestamp, name FROM identity.migrations ORDER BY id'),
    next: await query(url, `SELECT nextval('identity.users_id_seq')::int AS id`),
  });

  it('backs up, and restores into a cluster made anew, with the same rows', async () => {
    const port = await freePort();
    // The launcher's default URL carries no password: the commands find the embedded server's.
    const databaseUrl = `postgres://postgres@127.0.0.1:${port}/hub`;
    const archive = join(dataDir, 'embedded.tar');
    let postgres = await startEmbedded(databaseUrl);
    let before;
    try {
      await ensureDatabase(postgres.url);
      await query(postgres.url, SERVICE_SCHEMA);
      const backedUp = command('backup', ['--output', archive], databaseUrl);
      expect(backedUp.status, backedUp.output).toBe(0);
      expect(backedUp.output).toMatch(
        /Database: PostgreSQL 15\.\d+, schemas identity; .*pg_dump \(15\./,
      );
      expect(backedUp.output).toMatch(/5 rows in 1 schemas, 0 files/);
      before = await contents(postgres.url);
    } finally {
      await postgres.stop();
    }

    // Destroyed: the cluster's folder is gone. The stack is stopped, so the restore starts the
    // embedded PostgreSQL itself, on a cluster made anew, and creates the product's database.
    rmSync(databaseDir, { recursive: true, force: true });
    const queues = join(dataDir, 'redis', 'appendonlydir');
    mkdirSync(queues, { recursive: true });
    writeFileSync(join(queues, 'appendonly.aof.1.incr.aof'), '*1\r\n$4\r\nPING\r\n');
    const restored = command('restore', [archive], databaseUrl);
    expect(restored.status, restored.output).toBe(0);
    expect(restored.output).toMatch(/Creating a PostgreSQL cluster/);
    expect(restored.output).toMatch(/Restored 1 schemas and 0 files/);
    expect(restored.output).toMatch(/Emptied the embedded Redis's files/);
    expect(existsSync(queues)).toBe(false);
    postgres = await startEmbedded(databaseUrl);
    try {
      expect(await contents(postgres.url)).toEqual(before);
    } finally {
      await postgres.stop();
    }
  }, 240_000);
});
