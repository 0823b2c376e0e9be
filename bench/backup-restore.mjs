// `npm run backup` and `npm run restore` of an organization of 10,000 people, 500 SOPs and about
// 1 GiB of files (issue #47's acceptance), beside a baseline measured in the same run on the
// same data: `pg_dump --format=custom` of the same schemas plus `tar -cf` of the same files,
// then `pg_restore` and `tar -xf` into an empty database and folder. The organization is the
// skills-matrix bench's (people, SOPs, 100,000 observations, their answers and certifications,
// seeded by SQL after the services' migrations ran); its files are written straight into the
// local-disk store: a source PDF per SOP and a profile picture per person, random bytes (as
// incompressible as real PDFs and JPEGs), the rows naming them. The backup runs while the
// services serve (idle); the restore into a stopped stack, as the commands ask.
//
//   node_modules/.bin/node bench/backup-restore.mjs [--files-mb 1024]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { benchPlace, importFrom, startServices, stopChild } from './children.mjs';
import { seed } from './skills-matrix-seed.mjs';
import { serverVersion, serviceSchemas } from '../infra/backup/database.mjs';
import { chooseTool } from '../infra/backup/postgres-tools.mjs';
import { formatBytes } from '../infra/backup/backup.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** Of the files' bytes, this share goes to the SOPs' PDFs, the rest to the people's pictures. */
const PDF_SHARE = 0.8;

/**
 * Runs a command to its end, failing with its output; answers the seconds it took.
 * @param {string} command @param {string[]} args @param {NodeJS.ProcessEnv} [env]
 */
function timed(command, args, env = process.env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (code === 0) resolve({ seconds, output: output.trim() });
      else reject(new Error(`${command} ${args.join(' ')} failed (exit ${code}):\n${output}`));
    });
  });
}

/** @param {string} folder answers the bytes and count of every file below it */
function sizeOf(folder) {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    bytes += statSync(path.join(entry.parentPath, entry.name)).size;
    files += 1;
  }
  return { bytes, files };
}

/**
 * A source PDF for every SOP and a picture for every person, in the local-disk store below
 * `objects`, at the keys their rows name (`library.documents.source_key`, set by the seed;
 * `identity.users.profile_picture`, set here).
 * @param {import('pg').Client} sql @param {number} organization @param {string} objects
 * @param {number} totalBytes
 */
async function writeFiles(sql, organization, objects, totalBytes) {
  const documents = (
    await sql.query('SELECT source_key FROM library.documents WHERE organization_id = $1', [
      organization,
    ])
  ).rows;
  const people = (
    await sql.query(
      `UPDATE identity.users SET profile_picture = 'org/' || organization_id || '/profile-pictures/' || id || '.jpg'
        WHERE organization_id = $1 RETURNING profile_picture`,
      [organization],
    )
  ).rows;
  const pdfBytes = Math.floor((totalBytes * PDF_SHARE) / documents.length);
  const pictureBytes = Math.floor((totalBytes * (1 - PDF_SHARE)) / people.length);
  // One random block each, its head rewritten per file so no two files are alike.
  const pdf = randomBytes(pdfBytes);
  const picture = randomBytes(pictureBytes);
  const put = (/** @type {string} */ key, /** @type {Buffer} */ body, /** @type {number} */ n) => {
    const file = path.join(objects, key);
    mkdirSync(path.dirname(file), { recursive: true });
    body.writeUInt32BE(n, 8);
    writeFileSync(file, body);
  };
  documents.forEach((row, n) => {
    pdf.write('%PDF-1.7\n', 0, 'latin1');
    put(row.source_key, pdf, n);
  });
  people.forEach((row, n) => {
    picture.writeUInt16BE(0xffd8, 0);
    put(row.profile_picture, picture, n);
  });
  return { pdfs: documents.length, pictures: people.length, pdfBytes, pictureBytes };
}

/**
 * @param {typeof import('pg').default} pg @param {string} adminUrl @param {string} name
 */
async function createDatabase(pg, adminUrl, name) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
}

/**
 * @param {typeof import('pg').default} pg @param {string} adminUrl @param {string[]} names
 */
async function dropDatabases(pg, adminUrl, names) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const name of names) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** @param {number} seconds */
const s = (seconds) => `${seconds.toFixed(1)} s`;
/** @param {number} value @param {number} baseline */
const ratio = (value, baseline) => `${(value / baseline).toFixed(2)}×`;

async function main() {
  const { values } = parseArgs({
    options: {
      'files-mb': { type: 'string', default: '1024' },
    },
  });
  const { default: pg } = await importFrom('services/gateway', 'pg');
  const place = benchPlace({});
  const dataDir = /** @type {string} */ (place.env.DATA_DIR);
  const objects = path.join(dataDir, 'objects');
  const work = mkdtempSync(path.join(tmpdir(), 'bench-backup-'));
  const databaseUrl = new URL(place.databaseUrl);
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  const restoredName = `${place.database}_restored`;
  const plainName = `${place.database}_plain`;
  const urlOf = (/** @type {string} */ name) => {
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const sql = new pg.Client({ connectionString: place.databaseUrl });
  /** @type {import('./children.mjs').Child[]} */
  const children = [];
  const stopAll = () => Promise.all(children.splice(0).map(stopChild));
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
  try {
    // The services run their migrations as they start: the schemas the seed fills.
    await startServices(
      ['identity', 'library', 'observation', 'video', 'integration'],
      place.env,
      children,
    );
    await sql.connect();
    const { hashPassword } = await import(
      pathToFileURL(path.join(repoRoot, 'services/identity/dist/auth/passwords.js')).href
    );
    let started = performance.now();
    const counts = await seed(sql, await hashPassword(`${randomBytes(12).toString('hex')}aA7!`));
    const seededIn = (performance.now() - started) / 1000;
    started = performance.now();
    const files = await writeFiles(
      sql,
      counts.organization,
      objects,
      Number(values['files-mb']) * 1024 * 1024,
    );
    const stored = sizeOf(objects);
    const rows = (
      await sql.query(
        `SELECT sum(n_live_tup)::bigint AS n FROM pg_stat_user_tables
          WHERE schemaname = ANY($1)`,
        [await serviceSchemas(sql)],
      )
    ).rows[0].n;
    console.log(
      `seeded ${counts.people} people, ${counts.sops} SOPs, ${counts.observations} observations, ` +
        `${counts.answers} answers, ${counts.certifications} certifications in ${s(seededIn)}; ` +
        `${files.pdfs} PDFs of ${formatBytes(files.pdfBytes)} and ${files.pictures} pictures of ` +
        `${formatBytes(files.pictureBytes)}: ${stored.files} files, ${formatBytes(stored.bytes)} ` +
        `in ${s((performance.now() - started) / 1000)}; about ${rows} rows`,
    );

    // Baseline, backup: pg_dump of the same schemas, then tar of the same files.
    const server = await serverVersion(sql);
    const schemas = await serviceSchemas(sql);
    const pgDump = chooseTool('pg_dump', server.major, 'the bench server', process.env);
    const pgRestore = chooseTool('pg_restore', server.major, 'the bench server', process.env);
    const plainDump = path.join(work, 'plain.dump');
    const plainTar = path.join(work, 'plain.tar');
    const dumped = await timed(pgDump.path, [
      '--format=custom',
      ...schemas.map((schema) => `--schema=${schema}`),
      `--file=${plainDump}`,
      `--dbname=${place.databaseUrl}`,
    ]);
    const tarred = await timed('tar', ['-cf', plainTar, '-C', dataDir, 'objects']);
    const plainBackup = dumped.seconds + tarred.seconds;
    const plainBytes = statSync(plainDump).size + statSync(plainTar).size;

    // The product's backup, while the services run.
    const archive = path.join(work, 'hub-backup.tar');
    const backedUp = await timed('npm', ['run', '--silent', 'backup', '--', '--output', archive], {
      ...place.env,
      LOG_LEVEL: 'warn',
    });
    const archiveBytes = statSync(archive).size;

    await sql.end();
    await stopAll();

    // Baseline, restore: pg_restore into an empty database, tar -x into an empty folder.
    await createDatabase(pg, adminUrl.toString(), plainName);
    const plainFolder = mkdtempSync(path.join(tmpdir(), 'bench-plain-'));
    const pgRestored = await timed(pgRestore.path, [
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      '--no-privileges',
      `--dbname=${urlOf(plainName)}`,
      plainDump,
    ]);
    const untarred = await timed('tar', ['-xf', plainTar, '-C', plainFolder]);
    const plainRestore = pgRestored.seconds + untarred.seconds;
    rmSync(plainFolder, { recursive: true, force: true });

    // The product's restore into an empty database and store.
    await createDatabase(pg, adminUrl.toString(), restoredName);
    const restoredData = mkdtempSync(path.join(tmpdir(), 'bench-restored-'));
    const restored = await timed('npm', ['run', '--silent', 'restore', '--', archive], {
      ...place.env,
      DATABASE_URL: urlOf(restoredName),
      DATA_DIR: restoredData,
    });
    const back = sizeOf(path.join(restoredData, 'objects'));
    const check = new pg.Client({ connectionString: urlOf(restoredName) });
    await check.connect();
    const people = (await check.query('SELECT count(*)::int AS n FROM identity.users')).rows[0].n;
    await check.end();
    rmSync(restoredData, { recursive: true, force: true });
    if (back.files !== stored.files || back.bytes !== stored.bytes) {
      throw new Error(`restored ${back.files} files (${back.bytes} bytes) of ${stored.files}`);
    }

    console.log(`\n${backedUp.output.split('\n').at(-1)}`);
    console.log(`${restored.output.split('\n').at(-1)}`);
    console.log(`restored: ${people} users, ${back.files} files, ${formatBytes(back.bytes)}\n`);
    console.log('| step | product | baseline (same run) | ratio |');
    console.log('| --- | --- | --- | --- |');
    console.log(
      `| backup | \`npm run backup\` ${s(backedUp.seconds)}, archive ${formatBytes(archiveBytes)} | ` +
        `pg_dump ${s(dumped.seconds)} + tar ${s(tarred.seconds)} = ${s(plainBackup)}, ${formatBytes(plainBytes)} | ` +
        `${ratio(backedUp.seconds, plainBackup)} time, ${ratio(archiveBytes, plainBytes)} size |`,
    );
    console.log(
      `| restore | \`npm run restore\` ${s(restored.seconds)} | ` +
        `pg_restore ${s(pgRestored.seconds)} + tar -x ${s(untarred.seconds)} = ${s(plainRestore)} | ` +
        `${ratio(restored.seconds, plainRestore)} |`,
    );
    console.log(`(${pgDump.path} ${pgDump.version}; PostgreSQL ${server.version})`);
  } finally {
    await sql.end().catch(() => undefined);
    await stopAll();
    rmSync(work, { recursive: true, force: true });
    await dropDatabases(pg, adminUrl.toString(), [restoredName, plainName]).catch(
      (error) => void console.error(`could not drop the bench's databases: ${error}`),
    );
    await place.cleanUp();
  }
}

await main();
