// The reliability suite in one command: `npm run reliability` (CI sizes) or, with the nightly
// sizes, reliability/nightly.sh. Runs the reliability/ test files (vitest, reliability project)
// against the built product with the sizes given here, then prints the figures they measured
// (test-artifacts/reliability/*.json).
//
//   node reliability/run.mjs [--trials 3] [--users 30] [--seconds 30 | --minutes 10] [--backlog 20]
//     [--only kills|load|fairness|...]
//
// --trials: kill -9 trials per worker kind; --users / --seconds / --minutes: the load run;
// --backlog: scanned SOPs one organization queues in the fairness test; --only: run only the test
// files whose name contains this word.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const figuresDir = path.join(repoRoot, 'test-artifacts/reliability');

const { values } = parseArgs({
  options: {
    trials: { type: 'string', default: '3' },
    users: { type: 'string', default: '30' },
    seconds: { type: 'string' },
    minutes: { type: 'string' },
    backlog: { type: 'string', default: '20' },
    only: { type: 'string' },
  },
});
const seconds = values.minutes ? Number(values.minutes) * 60 : Number(values.seconds ?? 30);
const files = readdirSync(path.join(repoRoot, 'reliability'))
  .filter((name) => name.endsWith('.int.test.ts'))
  .filter((name) => !values.only || name.includes(values.only === 'kills' ? 'kill' : values.only))
  .map((name) => `reliability/${name}`);

rmSync(figuresDir, { recursive: true, force: true });
const vitest = path.join(repoRoot, 'node_modules/vitest/vitest.mjs');
const run = spawnSync(process.execPath, [vitest, 'run', '--project', 'reliability', ...files], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: {
    ...process.env,
    RELIABILITY_KILL_TRIALS: values.trials,
    RELIABILITY_USERS: values.users,
    RELIABILITY_SECONDS: String(seconds),
    RELIABILITY_FAIRNESS_BACKLOG: values.backlog,
  },
});

console.log('\n==> Reliability figures');
if (existsSync(figuresDir)) {
  for (const name of readdirSync(figuresDir).sort()) {
    printFigures(JSON.parse(readFileSync(path.join(figuresDir, name), 'utf8')));
  }
}
process.exit(run.status ?? 1);

/**
 * @typedef {{ route: string, requests: number, errors: number, p95Ms: number }} RouteFigures
 * @typedef {{ name: string, users?: number, seconds?: number, requests?: number,
 *   requestsPerSecond?: number, errors?: number, routes?: RouteFigures[], rss?: object[],
 *   trials?: number, recoveredSecondsAfterLastKill?: number, workers?: object[],
 *   backlogDocuments?: number, loadedProcessedSeconds?: number, idleProcessedSeconds?: number,
 *   boundSeconds?: number, backlogDrainedSeconds?: number }} Figures
 */

/** @param {Figures} figures */
function printFigures(figures) {
  if (figures.name === 'load') {
    console.log(
      `load: ${figures.users} users, ${figures.seconds} s: ${figures.requests} requests ` +
        `(${figures.requestsPerSecond}/s), ${figures.errors} errors`,
    );
    console.table(figures.routes);
    console.table(figures.rss);
    return;
  }
  if (figures.name === 'fairness') {
    console.log(
      `fairness: behind ${figures.backlogDocuments} scanned SOPs of another organization, a text ` +
        `SOP was processed in ${figures.loadedProcessedSeconds} s (idle: ` +
        `${figures.idleProcessedSeconds} s, bound ${figures.boundSeconds} s); the backlog took ` +
        `${figures.backlogDrainedSeconds} s`,
    );
    return;
  }
  if (figures.name === 'worker-kills') {
    console.log(
      `kill -9 mid-job, ${figures.trials} trials per worker kind: every job ended exactly once; ` +
        `last job done ${figures.recoveredSecondsAfterLastKill} s after the last kill`,
    );
    console.table(figures.workers);
    return;
  }
  console.log(JSON.stringify(figures, null, 2));
}
