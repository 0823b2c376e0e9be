// What a first load of the web app costs the browser: each of two builds (a baseline and a
// candidate, given as dist folders) served as the gateway serves it, its API answering 401, opened
// in a new browser context (what most e2e tests and every new tab do) until the sign-in form
// shows; the CPU of all of Chromium's processes from /proc, the rounds of the two alternated so
// the machine's drift falls on both.
//
//   node bench/first-load.mjs BASELINE_DIST CANDIDATE_DIST [loads a round] [rounds]
//
// Needs the e2e browser (Debian's chromium-headless-shell, installed by `npm test`).
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM } from '../e2e/chromium.mjs';

const [baselineDir, candidateDir, loadsArg = '8', roundsArg = '3'] = process.argv.slice(2);
if (!baselineDir || !candidateDir) {
  console.error('usage: node bench/first-load.mjs BASELINE_DIST CANDIDATE_DIST [loads] [rounds]');
  process.exit(2);
}
const LOADS = Number(loadsArg);
const ROUNDS = Number(roundsArg);
const TICKS_PER_SECOND = 100;
/** @type {Record<string, string>} */
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html' };

/**
 * A static server of one dist folder: the SPA's index.html for pages, 401 for the API.
 * @param {string} dir
 * @returns {Promise<import('node:http').Server>}
 */
function serve(dir) {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path.startsWith('/api/')) {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end('{"message":"Not signed in"}');
      return;
    }
    const file = extname(path) ? join(dir, normalize(path)) : join(dir, 'index.html');
    try {
      const body = readFileSync(file);
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      });
      response.end(body);
    } catch {
      response.writeHead(404);
      response.end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** CPU seconds (user + system) of a process and every process under it, the reaped ones too. */
/** @param {number} rootPid */
function treeCpuSeconds(rootPid) {
  const parents = new Map();
  const cpu = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      // Its own CPU and that of the children it reaped: a context's renderer is gone when the
      // context closes, its time added to the zygote that reaped it.
      const ticks = fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
      cpu.set(Number(entry), ticks / TICKS_PER_SECOND);
    } catch {
      // Gone between the listing and the read.
    }
  }
  /** @param {number} pid */
  const inTree = (pid) => {
    for (let at = pid; at > 1; at = parents.get(at) ?? 0) if (at === rootPid) return true;
    return false;
  };
  let total = 0;
  for (const [pid, seconds] of cpu) if (inTree(pid)) total += seconds;
  return total;
}

/** Chromium's processes only: the tree under this script, less the script's own CPU. */
function browserCpuSeconds() {
  const own = process.cpuUsage();
  return treeCpuSeconds(process.pid) - (own.user + own.system) / 1e6;
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 */
async function round(browser, url) {
  const before = browserCpuSeconds();
  const started = performance.now();
  for (let load = 0; load < LOADS; load++) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(url);
    await page.locator('input[type="email"]').waitFor();
    await context.close();
  }
  const wall = (performance.now() - started) / LOADS;
  const cpu = (browserCpuSeconds() - before) / LOADS;
  return { cpu, wall };
}

const servers = { baseline: await serve(baselineDir), candidate: await serve(candidateDir) };
const browser = await chromium.launch(CHROMIUM);
/** @type {Record<'baseline' | 'candidate', { cpu: number, wall: number }[]>} */
const results = { baseline: [], candidate: [] };
for (let index = 0; index < ROUNDS; index++) {
  for (const name of /** @type {const} */ (['baseline', 'candidate'])) {
    const { port } = /** @type {import('node:net').AddressInfo} */ (servers[name].address());
    results[name].push(await round(browser, `http://127.0.0.1:${port}/dashboard`));
  }
}
await browser.close();
for (const server of Object.values(servers)) server.close();
for (const [name, rounds] of Object.entries(results)) {
  const cpu = rounds.map((r) => r.cpu.toFixed(2)).join(', ');
  const wall = rounds.map((r) => r.wall.toFixed(0)).join(', ');
  console.log(`${name.padEnd(9)} CPU-s a load: ${cpu}   wall ms: ${wall}`);
}
