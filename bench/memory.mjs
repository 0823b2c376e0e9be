// Benchmark: memory of each process of `npm start` under a steady mixed load. Starts every
// process of infra/processes.json from its build, with the node flags the table gives it (as the
// launcher, compose and Kubernetes do), in a fresh database `hub_bench_<random>`, a random Redis
// key prefix and a temporary data folder (bench/children.mjs); seeds an organization with
// --users people and one published SOP, then runs the reliability suite's simulated users
// (reliability/load.ts: sign in, browse every page of their role, a supervisor now and then
// uploads an SOP or takes an observation) for --duration seconds. Prints the resident memory
// (RSS) of each process: when started (idle), after the warm-up, at the end, the peak, and
// 30 s and --after seconds after the load (idle again); and the stack's total. Prints figures,
// never asserts.
//
//   node_modules/.bin/node bench/memory.mjs [--duration 600] [--users 200] [--warmup 60]
//       [--after 60] [--node-args="--max-semi-space-size=1"] [--env NAME=VALUE]...
//       [--table FILE] [--modules DIR] [--usage DIR] [--snapshots DIR] [--json FILE]
//
// --node-args: flags for every process instead of the table's (to try a setting; "" for none).
// --env NAME=VALUE: an environment variable for every process (to try a setting; repeatable),
//   after the table's own `env` settings.
// --table FILE: another process table instead of infra/processes.json (e.g. main's, from
//   `git show main:infra/processes.json`, to compare its settings with the same build).
// --usage DIR: each process writes what its memory is made of every 5 s (bench/memory-usage.mjs:
//   V8 heap used and total, external, array buffers, malloced, anonymous), printed at the end of
//   the load and --after seconds after it. Diagnosis: the 5 s timer keeps each process awake.
// --modules DIR: each process writes the module files it loaded (DIR/<name>.modules.json), and
//   the bench prints the biggest packages each one loaded during start-up.
// --snapshots DIR: a heap snapshot of each process once the figures are taken (DIR/*.heapsnapshot,
//   open in Chrome DevTools), and its live heap (a snapshot collects the garbage first) with the
//   biggest kinds of object in it, printed.
// Needs the built workspaces (`npx turbo run build`) and PostgreSQL + Redis at DATABASE_URL /
// REDIS_URL (defaults: 127.0.0.1:5432 and :6379).
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { registerHooks, stripTypeScriptTypes } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { findFreePort } from '../infra/launcher/ports.mjs';
import { benchPlace, rssMiB, signIn, startChild, stopChild } from './children.mjs';
import { summarizeModules, summarizeSnapshot, takeSnapshots } from './memory-inspection.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..');

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '600' },
    users: { type: 'string', default: '200' },
    warmup: { type: 'string' },
    after: { type: 'string', default: '60' },
    env: { type: 'string', multiple: true, default: [] },
    table: { type: 'string' },
    usage: { type: 'string' },
    'node-args': { type: 'string' },
    modules: { type: 'string' },
    snapshots: { type: 'string' },
    json: { type: 'string' },
  },
});
const durationS = Number(values.duration);
const warmupS = Number(values.warmup ?? Math.min(60, Math.round(durationS / 5)));
const userCount = Number(values.users);
const SAMPLE_MS = 5000;
/** After the load, the workers are idle again once their queues are empty: this long after. */
const SETTLE_MS = 30_000;
/** The last look after the load (#49 item 5: back to idle size within a minute). */
const AFTER_MS = Math.max(SETTLE_MS, Number(values.after) * 1000);

/**
 * @typedef {{ name: string, kind: 'service' | 'worker' | 'gateway', entry: string, ready: string,
 *   nodeArgs?: string[] }} HubProcess
 * @typedef {import('./children.mjs').Child & { kind: string, readyMs: number }} Started
 */

/** @type {HubProcess[]} */
const TABLE = JSON.parse(
  readFileSync(values.table ?? path.join(repoRoot, 'infra/processes.json'), 'utf8'),
);
/** @type {Record<string, string>} */
const TRIED_ENV = Object.fromEntries(
  values.env.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);

/**
 * The reliability suite's load generator and the end-to-end records are TypeScript that imports
 * its siblings as `.js`: loaded here with Node's own type stripping (transform mode: parameter
 * properties), so the bench runs on plain Node like the others.
 */
function loadTypeScript() {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      try {
        return nextResolve(specifier, context);
      } catch (error) {
        const fromTs = context.parentURL?.endsWith('.ts') && specifier.startsWith('.');
        if (!fromTs || !specifier.endsWith('.js')) throw error;
        return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
      }
    },
    load(url, context, nextLoad) {
      if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
      const source = readFileSync(fileURLToPath(url), 'utf8');
      return {
        format: 'module',
        source: stripTypeScriptTypes(source, { mode: 'transform', sourceUrl: url }),
        shortCircuit: true,
      };
    },
  });
}

/** @param {string} pathFromRoot */
const importTs = (pathFromRoot) => import(pathToFileURL(path.join(repoRoot, pathFromRoot)).href);

/** @param {number} pid */
function anonMiB(pid) {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/Anonymous:\s+(\d+)/.exec(rollup)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** @param {Started} handle */
const rssOf = (handle) => {
  const pid = handle.child.pid;
  if (pid === undefined || handle.child.exitCode !== null) return 0;
  try {
    return rssMiB(pid);
  } catch {
    return 0;
  }
};

/**
 * The figures each process's bench/memory-usage.mjs wrote last (every 5 s).
 * @param {string} dir
 * @param {Started[]} started
 * @returns {Map<string, Record<string, number>>}
 */
function readUsage(dir, started) {
  /** @type {Map<string, Record<string, number>>} */
  const usage = new Map();
  for (const handle of started) {
    const file = path.join(dir, `${handle.name}.usage.json`);
    if (!existsSync(file)) continue;
    const { at, spaces, ...figures } = JSON.parse(readFileSync(file, 'utf8'));
    usage.set(handle.name, {
      ...figures,
      newSpace: spaces?.new_space ?? 0,
      oldSpace: spaces?.old_space ?? 0,
      codeSpace: spaces?.code_space ?? 0,
      ageS: Math.round((Date.now() - at) / 1000),
    });
  }
  return usage;
}

/** @param {number[]} list */
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
/** @param {number} mib */
const round = (mib) => Math.round(mib);

/**
 * Starts every process of the table, services first, the gateway last, as the launcher does.
 * @param {NodeJS.ProcessEnv} env
 * @param {import('./children.mjs').Child[]} children
 */
async function startStack(env, children) {
  const port = await findFreePort();
  const gatewayUrl = `http://127.0.0.1:${port}`;
  /** @type {Started[]} */
  const started = [];
  const override =
    values['node-args'] === undefined
      ? undefined
      : values['node-args'].split(/\s+/).filter(Boolean);
  for (const p of TABLE) {
    const nodeArgs = [...(override ?? p.nodeArgs ?? [])];
    if (values.modules) nodeArgs.push('--import', path.join(repoRoot, 'bench/memory-modules.mjs'));
    if (values.usage) nodeArgs.push('--import', path.join(repoRoot, 'bench/memory-usage.mjs'));
    if (values.snapshots) {
      nodeArgs.push('--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${values.snapshots}`);
    }
    /** @type {NodeJS.ProcessEnv} */
    const processEnv = {
      ...env,
      ...TRIED_ENV,
      BENCH_PROCESS_NAME: p.name,
      ...(values.modules ? { BENCH_MODULES_DIR: values.modules } : {}),
      ...(values.usage ? { BENCH_USAGE_DIR: values.usage } : {}),
      ...(p.kind === 'gateway'
        ? { PORT: String(port), HOST: '127.0.0.1', SERVE_WEB: 'false', PUBLIC_URL: gatewayUrl }
        : { PUBLIC_URL: gatewayUrl }),
    };
    const since = performance.now();
    const child = await startChild(p.name, [...nodeArgs, p.entry], processEnv, p.ready, children);
    if (values.usage) {
      // Each process's output kept beside its usage figures (a --trace-gc tried by --table).
      const log = createWriteStream(path.join(values.usage, `${p.name}.log`));
      child.child.stdout?.pipe(log);
      child.child.stderr?.pipe(log);
    }
    started.push({ ...child, kind: p.kind, readyMs: Math.round(performance.now() - since) });
    console.log(
      `${p.name} ready in ${(performance.now() - since) / 1000} s` +
        `${nodeArgs.length ? ` (node ${nodeArgs.join(' ')})` : ''}`,
    );
  }
  return { gatewayUrl, started };
}

/**
 * An organization with `userCount` people (one in four a training supervisor, as the
 * reliability suite has it) and one published SOP (through the PDF and quiz workers).
 * @param {string} gatewayUrl
 * @param {string} databaseUrl
 * @param {NodeJS.ProcessEnv} env
 */
async function seed(gatewayUrl, databaseUrl, env) {
  const records = await importTs('e2e/records.ts');
  const superCookie = await signIn(
    gatewayUrl,
    String(env.SUPER_ADMIN_EMAIL),
    String(env.SUPER_ADMIN_PASSWORD),
  );
  const created = await fetch(`${gatewayUrl}/api/admin/organizations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: superCookie },
    body: JSON.stringify({ name: 'Memory Works', displayName: 'Memory Works', domain: 'mem.test' }),
  });
  const organization = /** @type {{ id: number }} */ (await created.json());
  if (!created.ok) throw new Error(`creating the organization failed: ${created.status}`);
  const password = 'Memory-Bench-Pass-1!';
  /** @type {Record<string, { name: string, email: string, role: string }>} */
  const people = {};
  for (let index = 0; index < userCount; index += 1) {
    const role = index % 4 === 0 ? 'training_supervisor' : 'operator';
    people[`user${index}`] = { name: `User ${index}`, email: `user${index}@mem.test`, role };
  }
  const stack = { url: gatewayUrl, resources: { databaseUrl } };
  /** @type {Record<string, number>} */
  const ids = await records.createPeople(stack, organization.id, people, password);
  const users = Object.values(people).map(({ email, role }) => ({ email, role }));
  const operatorIds = Object.entries(people)
    .filter(([, person]) => person.role === 'operator')
    .map(([key]) => /** @type {number} */ (ids[key]));
  const supervisor = await new records.Api(stack).login(users[0]?.email, password);
  const sop = await records.publishedSop(stack, supervisor, 'Cooling cooked food', 'food-safety');
  return { password, users, operatorIds, sop };
}

async function main() {
  loadTypeScript();
  for (const dir of [values.modules, values.usage, values.snapshots])
    if (dir) mkdirSync(dir, { recursive: true });
  const place = benchPlace();
  /** @type {import('./children.mjs').Child[]} */
  const children = [];
  try {
    const { gatewayUrl, started } = await startStack(place.env, children);
    // Idle, before any request or job (the workers' "idle" figure).
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const idle = new Map(started.map((h) => [h.name, rssOf(h)]));
    const usageIdle = values.usage ? readUsage(values.usage, started) : new Map();

    console.log(`seeding ${userCount} people and a published SOP…`);
    const seeded = await seed(gatewayUrl, place.databaseUrl, place.env);
    const { runLoad } = await importTs('reliability/load.ts');
    const { Recorder } = await importTs('reliability/load-stats.ts');
    const { coolingSopPdf } = await importTs('reliability/uploads.ts');

    /** @type {Map<string, number[]>} */
    const series = new Map(started.map((h) => [h.name, []]));
    let warm = new Map();
    const loadStart = Date.now();
    const sample = () => {
      for (const handle of started) series.get(handle.name)?.push(rssOf(handle));
      if (warm.size === 0 && Date.now() - loadStart >= warmupS * 1000) {
        warm = new Map(started.map((h) => [h.name, rssOf(h)]));
      }
    };
    const sampler = setInterval(sample, SAMPLE_MS);
    const progress = setInterval(() => {
      const total = started.reduce((sum, h) => sum + rssOf(h), 0);
      console.log(`${Math.round((Date.now() - loadStart) / 1000)} s: stack ${round(total)} MiB`);
    }, 60_000);
    console.log(`load: ${userCount} users for ${durationS} s (warm-up ${warmupS} s)…`);
    const recorder = new Recorder();
    await runLoad(
      {
        url: gatewayUrl,
        password: seeded.password,
        users: seeded.users,
        operatorIds: seeded.operatorIds,
        sop: seeded.sop,
        pdf: coolingSopPdf(),
        durationMs: durationS * 1000,
        sessionMs: 5 * 60_000,
      },
      recorder,
    );
    sample();
    clearInterval(sampler);
    clearInterval(progress);
    const seconds = (Date.now() - loadStart) / 1000;
    // The last 30 s of the load, smoothed (a GC may land on one sample).
    const lastSamples = Math.max(1, Math.round(30_000 / SAMPLE_MS));
    const end = new Map(
      [...series].map(([name, list]) => [name, median(list.slice(-lastSamples))]),
    );
    const peak = new Map([...series].map(([name, list]) => [name, Math.max(0, ...list)]));

    const usageAtEnd = values.usage ? readUsage(values.usage, started) : new Map();
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const after = new Map(started.map((h) => [h.name, rssOf(h)]));
    await new Promise((resolve) => setTimeout(resolve, AFTER_MS - SETTLE_MS));
    const later = new Map(started.map((h) => [h.name, rssOf(h)]));
    const anon = new Map(started.map((h) => [h.name, anonMiB(Number(h.child.pid))]));
    const usageLater = values.usage ? readUsage(values.usage, started) : new Map();

    /** @type {Map<string, { heapMiB: number, top: string[] }>} */
    const heaps = new Map();
    if (values.snapshots) {
      console.log('heap snapshots…');
      for (const [name, file] of await takeSnapshots(started, values.snapshots)) {
        heaps.set(name, summarizeSnapshot(file));
      }
    }

    console.log(
      `\nload: ${recorder.requests} requests in ${round(seconds)} s ` +
        `(${round(recorder.requests / seconds)}/s), ${recorder.errors} errors` +
        (recorder.samples.length ? `; first: ${recorder.samples.slice(0, 3).join(' | ')}` : ''),
    );
    const rows = started.map((h) => ({
      process: h.name,
      'idle at start': round(idle.get(h.name) ?? 0),
      [`after ${warmupS} s`]: round(warm.get(h.name) ?? 0),
      [`end (${round(seconds)} s)`]: round(end.get(h.name) ?? 0),
      peak: round(peak.get(h.name) ?? 0),
      [`${SETTLE_MS / 1000} s after`]: round(after.get(h.name) ?? 0),
      [`${AFTER_MS / 1000} s after`]: round(later.get(h.name) ?? 0),
      'anon then': round(anon.get(h.name) ?? 0),
    }));
    /** @param {Map<string, number>} map */
    const sum = (map) => round([...map.values()].reduce((a, b) => a + b, 0));
    rows.push({
      process: 'stack total',
      'idle at start': sum(idle),
      [`after ${warmupS} s`]: sum(warm),
      [`end (${round(seconds)} s)`]: sum(end),
      peak: sum(peak),
      [`${SETTLE_MS / 1000} s after`]: sum(after),
      [`${AFTER_MS / 1000} s after`]: sum(later),
      'anon then': sum(anon),
    });
    console.log('RSS per process, MiB:');
    console.table(rows);
    /** @type {[string, Map<string, Record<string, number>>][]} */
    const looks = [
      ['idle at start', usageIdle],
      ['end of the load', usageAtEnd],
      [`${AFTER_MS / 1000} s after`, usageLater],
    ];
    for (const [when, usage] of looks) {
      if (usage.size === 0) continue;
      console.log(`what the memory is made of, ${when}, MiB:`);
      console.table([...usage].map(([process, figures]) => ({ process, ...figures })));
    }

    /** @type {Record<string, unknown>} */
    const loaded = {};
    if (values.modules) {
      // The modules lists are written as each process exits.
      await Promise.all(children.map((child) => stopChild(child)));
      for (const handle of started) {
        const file = path.join(values.modules, `${handle.name}.modules.json`);
        if (!existsSync(file)) continue;
        const summary = summarizeModules(file, handle.readyMs);
        loaded[handle.name] = summary;
        console.log(
          `${handle.name}: ${summary.files} files (${summary.mib} MiB of source) loaded at ` +
            `start, ${summary.later} more later; biggest: ${summary.top.join(', ')}`,
        );
      }
    }
    for (const [name, heap] of heaps) {
      console.log(`${name}: heap ${heap.heapMiB} MiB; biggest: ${heap.top.join(', ')}`);
    }
    if (values.json) {
      writeFileSync(
        values.json,
        JSON.stringify(
          {
            users: userCount,
            seconds: round(seconds),
            requests: recorder.requests,
            errors: recorder.errors,
            rss: rows,
            usage: {
              idle: Object.fromEntries(usageIdle),
              end: Object.fromEntries(usageAtEnd),
              after: Object.fromEntries(usageLater),
            },
            modules: loaded,
            heaps: Object.fromEntries(heaps),
          },
          null,
          2,
        ),
      );
    }
  } finally {
    await Promise.all(children.map((child) => stopChild(child)));
    await place.cleanUp();
  }
}

await main();
