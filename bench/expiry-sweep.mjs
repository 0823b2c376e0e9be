// Benchmark: the certification expiry sweep catching up a backlog (decisions.md "Expiry
// notices"), on the organization of skills-matrix-seed.mjs (1 training supervisor and 1
// manager per 100 people; every certification issued by the one admin). The seed leaves the
// due certifications announced; this bench forgets that (`notified_state = NULL`, as after an
// outage or the upgrade that brought the sweep), restarts the observation service (which
// sweeps at start) and times it until every due certification is announced and no digest
// waits, with the notifications identity wrote and the CPU seconds of identity and
// observation meanwhile; baseline: the same restart with nothing due. Prints figures, never
// asserts.
//
//   node_modules/.bin/node bench/expiry-sweep.mjs [--people 10000 --sops 500 --answers 200000]
//     [--keep | --reuse hub_bench_xxxx]
//
// Needs the built services and PostgreSQL + Redis, as bench/skills-matrix.mjs; the database is
// removed at the end unless `--keep`. `--reuse` sweeps a kept one again (its backlog forgotten
// again first).
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchPlace, importFrom, startChild, startServices, stopChild } from './children.mjs';
import { seed } from './skills-matrix-seed.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const DUE = `revoked_at IS NULL AND expires_at <= now() + interval '30 days'`;

/** CPU seconds (user + system) a process used so far, from /proc (Linux). @param {number} pid */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** @param {import('pg').Client} sql @param {string} query */
const one = async (sql, query) => Number(Object.values((await sql.query(query)).rows[0])[0]);

/**
 * Whether the sweep is done: nothing due unannounced, no digest (where there are) waiting.
 * @param {import('pg').Client} sql
 */
async function swept(sql) {
  const unannounced = await one(
    sql,
    `SELECT count(*) FROM observation.certifications WHERE ${DUE}
        AND notified_state IS DISTINCT FROM (CASE WHEN expires_at <= now() THEN 'expired' ELSE 'expiring_soon' END)`,
  );
  if (unannounced > 0) return false;
  const digests = await one(
    sql,
    `SELECT to_regclass('observation.certification_digests') IS NOT NULL`,
  );
  if (!digests) return true;
  const waiting = await one(
    sql,
    `SELECT (SELECT count(*) FROM observation.certification_digests WHERE delivered_at IS NULL)
          + (SELECT count(*) FROM observation.certification_digest_items WHERE digest_day IS NULL)`,
  );
  return waiting === 0;
}

/** Waits until swept, 15 minutes at most. @param {import('pg').Client} sql */
async function sweeping(sql) {
  const deadline = Date.now() + 900_000;
  while (!(await swept(sql))) {
    if (Date.now() > deadline) throw new Error('not swept within 15 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Restarts the observation service (it sweeps at start); answers its child.
 * @param {import('./children.mjs').Child[]} children @param {NodeJS.ProcessEnv} env
 */
async function restartObservation(children, env) {
  const index = children.findIndex((child) => child.name === 'observation');
  const running = children[index];
  if (running) await stopChild(running);
  children.splice(index, 1);
  /** @type {{ name: string, nodeArgs?: string[] }[]} */
  const table = JSON.parse(readFileSync(path.join(repoRoot, 'infra/processes.json'), 'utf8'));
  const nodeArgs = table.find((entry) => entry.name === 'observation')?.nodeArgs ?? [];
  return startChild(
    'observation',
    [...nodeArgs, 'services/observation/dist/main.js'],
    env,
    '[observation] ready',
    children,
  );
}

/**
 * @param {import('pg').Client} sql @param {import('./children.mjs').Child[]} children
 * @param {NodeJS.ProcessEnv} env
 */
async function measure(sql, children, env) {
  // A run before on this database told the backlog under identity's keys and built today's
  // digest: forgotten, so it is told again (main's schema has neither).
  if (await one(sql, `SELECT to_regclass('observation.certification_digests') IS NOT NULL`))
    await sql.query(
      `DELETE FROM observation.certification_digests;
       DELETE FROM observation.certification_digest_items;
       DELETE FROM identity.notifications WHERE dedupe_key IS NOT NULL`,
    );
  // Baseline: the same restart with nothing to announce (start-up and an empty sweep).
  let started = performance.now();
  await restartObservation(children, env);
  await sweeping(sql);
  const baseline = (performance.now() - started) / 1000;
  const due = await one(sql, `SELECT count(*) FROM observation.certifications WHERE ${DUE}`);
  await sql.query(`UPDATE observation.certifications SET notified_state = NULL WHERE ${DUE}`);
  const supervisors = await one(
    sql,
    `SELECT count(*) FROM identity.users WHERE role = 'training_supervisor' AND is_active`,
  );
  const before = await one(sql, `SELECT count(*) FROM identity.notifications`);
  const identity = /** @type {number} */ (children.find((c) => c.name === 'identity')?.child.pid);
  const identityCpu = cpuSeconds(identity);
  const load = (os.loadavg()[0] ?? 0).toFixed(1);
  started = performance.now();
  const observation = await restartObservation(children, env);
  await sweeping(sql);
  const seconds = (performance.now() - started) / 1000;
  const written = (await one(sql, `SELECT count(*) FROM identity.notifications`)) - before;
  console.log(
    `${due} due certifications, ${supervisors} active training supervisors: swept in ` +
      `${seconds.toFixed(1)} s (baseline, nothing due: ${baseline.toFixed(1)} s), ${written} notifications written; CPU identity ` +
      `${(cpuSeconds(identity) - identityCpu).toFixed(1)} s, observation ` +
      `${cpuSeconds(/** @type {number} */ (observation.child.pid)).toFixed(1)} s ` +
      `(load average ${load} -> ${(os.loadavg()[0] ?? 0).toFixed(1)} on ${os.cpus().length} cores)`,
  );
}

async function main() {
  const { values } = parseArgs({
    options: {
      keep: { type: 'boolean', default: false },
      reuse: { type: 'string' },
      people: { type: 'string', default: '10000' },
      sops: { type: 'string', default: '500' },
      answers: { type: 'string', default: '200000' },
    },
  });
  const { default: pg } = await importFrom('services/gateway', 'pg');
  const place = benchPlace({ reuse: values.reuse, keep: values.keep });
  const sql = new pg.Client({ connectionString: place.databaseUrl });
  /** @type {import('./children.mjs').Child[]} */
  const children = [];
  try {
    await startServices(
      ['identity', 'library', 'observation'],
      place.env,
      children,
      // e.g. BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=profiles': identity and library
      // (the observation service restarted by the bench runs without).
      process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
    );
    await sql.connect();
    if (values.reuse === undefined) {
      const size = {
        people: Number(values.people),
        sops: Number(values.sops),
        answers: Number(values.answers),
      };
      const counts = await seed(sql, 'not-for-signing-in', size);
      console.log(`seeded ${counts.people} people, ${counts.certifications} certifications`);
    }
    await measure(sql, children, place.env);
    if (values.keep) console.log(`kept the database: --reuse ${place.database}`);
  } finally {
    await sql.end().catch(() => undefined);
    await Promise.all(children.map(stopChild));
    await place.cleanUp();
  }
}

await main();
