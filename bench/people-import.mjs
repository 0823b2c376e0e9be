// Benchmark: a people import of 10,000 rows through the gateway, as an administrator uploads it.
// Prints the preview's time (target <= 10 s) and the apply's (target <= 60 s, invitations kept
// in the outbox table: no mail delivery, no pacing), each beside a baseline measured in the
// same run: csv-parse alone over the same file (what the preview cannot beat) and one plain SQL
// INSERT of the same 10,000 pending users (what the apply cannot beat). Prints the peak resident
// memory of the gateway and identity while each runs. Prints figures, never asserts.
//
//   node_modules/.bin/node bench/people-import.mjs [--rows 10000] [--reuse hub_bench_xxxx]
//
// `--reuse` imports into the organization a kept skills-matrix bench database holds (e.g. its
// 100,000 people: bench/skills-matrix.mjs --people 100000 ... --keep), as its administrator;
// the imported people stay in that database.
//
// Needs the built services (`npx turbo run build`) and PostgreSQL + Redis at DATABASE_URL /
// REDIS_URL (defaults: 127.0.0.1:5432 and :6379). It uses a fresh database `hub_bench_<random>`
// and a random Redis key prefix, and removes both at the end.
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { benchPlace, importFrom, rssMiB, signIn, startServices, stopChild } from './children.mjs';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '10000' }, reuse: { type: 'string' } },
});
const ROWS = Number(values.rows);
// The skills-matrix seed's organization when reusing its database.
const DOMAIN = values.reuse ? 'bench.test' : 'moving-in.bench';
// Not the seed's person<n>@bench.test.
const [PREFIX, NAME] = values.reuse ? ['imported', 'Imported'] : ['person', 'Person'];
const PASSWORD = 'Bench-Admin-Pass-1!';

/** The file: as Excel writes it (BOM, ';', CRLF), two job functions a person. */
function spreadsheet() {
  const lines = ['\uFEFFEmail;Name;Role;Job functions;Language;Time zone'];
  for (let i = 1; i <= ROWS; i += 1)
    lines.push(
      `${PREFIX}${i}@${DOMAIN};"${NAME} ${i}";operator;"Packing;Forklift";en;Europe/Paris`,
    );
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/** @typedef {import('./children.mjs').Child} Child */
/** @typedef {{ state: string, created: number, invited: number }} ImportStatus */
/** @typedef {{ importId: number, counts: Record<string, number> }} Preview */

/**
 * Peak RSS (MiB) of each child while `work` runs, sampled every 100 ms.
 * @template T
 * @param {Child[]} children @param {() => Promise<T>} work
 */
async function withPeakMemory(children, work) {
  /** @type {Record<string, number>} */
  const peaks = Object.fromEntries(children.map((c) => [c.name, 0]));
  const sample = () => {
    for (const c of children)
      peaks[c.name] = Math.max(peaks[c.name] ?? 0, rssMiB(c.child.pid ?? 0));
  };
  const timer = setInterval(sample, 100);
  const started = performance.now();
  try {
    const result = await work();
    sample();
    return { result, seconds: (performance.now() - started) / 1000, peaks };
  } finally {
    clearInterval(timer);
  }
}

/** @param {Buffer} file */
async function csvParseAlone(file) {
  const { parse } = await importFrom('services/identity', 'csv-parse');
  const started = performance.now();
  let records = 0;
  for await (const record of Readable.from([file]).pipe(parse({ bom: true, delimiter: ';' })))
    records += record.length > 0 ? 1 : 0;
  return { records, seconds: (performance.now() - started) / 1000 };
}

/** @param {import('pg').Client} sql @param {number} organizationId */
async function sqlInsertAlone(sql, organizationId) {
  const emails = Array.from({ length: ROWS }, (_, i) => `baseline${i}@${DOMAIN}`);
  const started = performance.now();
  await sql.query(
    `INSERT INTO identity.users (email, name, role, organization_id, is_active)
     SELECT e, e, 'operator', $1, false FROM unnest($2::text[]) AS e`,
    [organizationId, emails],
  );
  const seconds = (performance.now() - started) / 1000;
  await sql.query(`DELETE FROM identity.users WHERE email LIKE 'baseline%'`);
  return seconds;
}

/**
 * The organization and its administrator (password PASSWORD): made, or the reused database's.
 * @param {import('pg').Client} sql
 */
async function benchOrganization(sql) {
  // Read from the build at run time: the type check may run before identity is built.
  /** @type {{ hashPassword: (password: string) => Promise<string> }} */
  const { hashPassword } = await import(
    new URL('../services/identity/dist/auth/passwords.js', import.meta.url).href
  );
  const passwordHash = await hashPassword(PASSWORD);
  if (values.reuse) {
    const { rows } = await sql.query(
      `UPDATE identity.users SET password_hash = $2 WHERE email = $1 RETURNING organization_id`,
      [`admin@${DOMAIN}`, passwordHash],
    );
    return /** @type {number} */ (rows[0].organization_id);
  }
  const { rows } = await sql.query(
    `INSERT INTO identity.organizations (name, display_name, domain) VALUES ('Bench', 'Bench', $1) RETURNING id`,
    [DOMAIN],
  );
  const organizationId = /** @type {number} */ (rows[0].id);
  await sql.query(
    `INSERT INTO identity.users (email, name, role, organization_id, password_hash, is_active)
     VALUES ($1, 'Bench Admin', 'admin', $2, $3, true)`,
    [`admin@${DOMAIN}`, organizationId, passwordHash],
  );
  return organizationId;
}

async function main() {
  const place = benchPlace({ reuse: values.reuse });
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...place.env, PEOPLE_IMPORT_MAILS_PER_SECOND: '0' };
  delete env.SMTP_URL; // invitations stay in the outbox table: the apply without mail delivery
  /** @type {Child[]} */
  const children = [];
  const { default: pg } = await importFrom('services/gateway', 'pg');
  const sql = new pg.Client({ connectionString: place.databaseUrl });
  try {
    // Identity makes the database when it migrates it.
    const gateway = await startServices(['identity', 'observation'], env, children);
    await sql.connect();
    const organizationId = await benchOrganization(sql);
    const cookie = await signIn(gateway, `admin@${DOMAIN}`, PASSWORD);
    for (const name of ['Packing', 'Forklift']) {
      const response = await fetch(`${gateway}/api/job-functions`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
      // 409: a reused database has it from an earlier run.
      if (!response.ok && response.status !== 409)
        throw new Error(`job function: ${response.status}`);
    }
    const file = spreadsheet();
    const parseBaseline = await csvParseAlone(file);

    const preview = await withPeakMemory(children, async () => {
      const form = new FormData();
      form.append('file', new Blob([file]), 'people.csv');
      const response = await fetch(`${gateway}/api/people-imports/preview`, {
        method: 'POST',
        headers: { cookie },
        body: form,
      });
      const body = /** @type {Preview} */ (await response.json());
      if (response.status !== 201)
        throw new Error(`preview: ${response.status} ${JSON.stringify(body)}`);
      return body;
    });

    const apply = await withPeakMemory(children, async () => {
      const response = await fetch(`${gateway}/api/people-imports`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ importId: preview.result.importId }),
      });
      if (response.status !== 201) throw new Error(`apply: ${response.status}`);
      for (;;) {
        const status = /** @type {ImportStatus} */ (
          await (
            await fetch(`${gateway}/api/people-imports/${preview.result.importId}`, {
              headers: { cookie },
            })
          ).json()
        );
        if (status.state === 'done' || status.state === 'failed') return status;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    });
    const insertBaseline = await sqlInsertAlone(sql, organizationId);

    const mib = (/** @type {Record<string, number>} */ peaks) =>
      Object.entries(peaks)
        .map(([name, value]) => `${name} ${value.toFixed(0)} MiB`)
        .join(', ');
    console.log(
      `people import of ${ROWS.toLocaleString('en-US')} rows (${(file.length / 1048576).toFixed(2)} MiB)`,
    );
    console.log(
      `  preview: ${preview.seconds.toFixed(2)} s (target <= 10 s); counts ${JSON.stringify(preview.result.counts)}`,
    );
    console.log(
      `    baseline, csv-parse alone over the file: ${parseBaseline.seconds.toFixed(2)} s`,
    );
    console.log(`    peak RSS: ${mib(preview.peaks)}`);
    console.log(
      `  apply: ${apply.seconds.toFixed(2)} s (target <= 60 s); ${apply.result.state}, created ${apply.result.created}, invitations ${apply.result.invited} (outbox)`,
    );
    console.log(
      `    baseline, one SQL INSERT of ${ROWS.toLocaleString('en-US')} pending users: ${insertBaseline.toFixed(2)} s`,
    );
    console.log(`    peak RSS: ${mib(apply.peaks)}`);
  } finally {
    await sql.end().catch(() => undefined);
    for (const child of children.reverse()) await stopChild(child);
    await place.cleanUp();
  }
}

await main();
