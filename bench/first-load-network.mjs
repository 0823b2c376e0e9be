// What a phone's first load of the web app costs over its network: the built app (web/dist) served
// by the gateway's own static files (registerWebApp, its API answering 401), once with the build's
// brotli and gzip copies (the candidate) and once from a copy of the same files without them (the
// baseline, as before they were written), each opened in a new browser context held to a phone's
// network by Chromium's own throttling until the sign-in form shows. Prints the bytes that came
// over the network and the time, the two servers' rounds alternated so the machine's drift falls on
// both.
//
//   node_modules/.bin/node bench/first-load-network.mjs [--dist web/dist] [--rounds 3] [--locale en-US]
//
// `--locale`: the browser's language (es-ES: a Spanish phone, whose catalog is a chunk of its own).
//
// Needs a web build (`npm run build`), the gateway's build and the e2e browser (Debian's
// chromium-headless-shell, installed by `npm test`).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { chromium } from 'playwright-core';
import { CHROMIUM } from '../e2e/chromium.mjs';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: 'web/dist' },
    rounds: { type: 'string', default: '3' },
    locale: { type: 'string', default: 'en-US' },
  },
});
const DIST = resolve(values.dist);
// The gateway's build, read at run time: the type check runs beside the build, before dist/ exists.
const GATEWAY_WEB_APP = new URL('../services/gateway/dist/web-app/web-app.js', import.meta.url);
const { registerWebApp } = await import(GATEWAY_WEB_APP.href);
const ROUNDS = Number(values.rounds);

/** Chromium's throttling of a phone's network (bytes a second, round trip in ms). */
const NETWORKS = [
  {
    name: '3G (1.6 Mbit/s, 300 ms)',
    downloadThroughput: 200_000,
    uploadThroughput: 94_000,
    latency: 300,
  },
  {
    name: '4G (9 Mbit/s, 170 ms)',
    downloadThroughput: 1_125_000,
    uploadThroughput: 375_000,
    latency: 170,
  },
];

/** @param {string} webDist */
async function serve(webDist) {
  const fastify = Fastify();
  fastify.all('/api/*', (_request, reply) => reply.status(401).send({ message: 'Not signed in' }));
  await registerWebApp(fastify, webDist);
  await fastify.listen({ port: 0, host: '127.0.0.1' });
  const address = /** @type {import('node:net').AddressInfo} */ (fastify.server.address());
  return { fastify, url: `http://127.0.0.1:${address.port}/dashboard` };
}

/**
 * One first load on the network: the bytes received (compressed as sent) and the time until the
 * sign-in form shows, with the encodings the browser was sent.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {(typeof NETWORKS)[number]} network
 */
async function firstLoad(browser, url, network) {
  const context = await browser.newContext({ serviceWorkers: 'block', locale: values.locale });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
  let bytes = 0;
  /** @type {Set<string>} */
  const encodings = new Set();
  cdp.on('Network.loadingFinished', (event) => (bytes += event.encodedDataLength));
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([key, value]) => [key.toLowerCase(), value]),
    );
    if (headers['content-encoding']) encodings.add(headers['content-encoding']);
  });
  const started = performance.now();
  await page.goto(url);
  await page.locator('input[type="email"]').waitFor({ timeout: 120_000 });
  const ms = performance.now() - started;
  await context.close();
  return { bytes, ms, encodings: [...encodings].join('+') || 'none' };
}

const baselineDir = mkdtempSync(join(tmpdir(), 'hub-first-load-'));
cpSync(DIST, baselineDir, {
  recursive: true,
  filter: (source) => !/\.(br|gz)$/.test(source),
});
const servers = { baseline: await serve(baselineDir), candidate: await serve(DIST) };
const browser = await chromium.launch(CHROMIUM);
try {
  for (const network of NETWORKS) {
    /** @type {{ bytes: number, ms: number, encodings: string }[]} */
    const baseline = [];
    /** @type {typeof baseline} */
    const candidate = [];
    const results = { baseline, candidate };
    for (let index = 0; index < ROUNDS; index++) {
      for (const name of /** @type {const} */ (['baseline', 'candidate'])) {
        results[name].push(await firstLoad(browser, servers[name].url, network));
      }
    }
    console.log(network.name);
    for (const [name, loads] of Object.entries(results)) {
      const kib = loads.map((load) => (load.bytes / 1024).toFixed(0)).join(', ');
      const encodings = [...new Set(loads.map((load) => load.encodings))].join(', ');
      const ms = loads.map((load) => load.ms.toFixed(0)).join(', ');
      console.log(`  ${name.padEnd(9)} KiB: ${kib} (${encodings})   ms to the sign-in form: ${ms}`);
    }
  }
} finally {
  await browser.close();
  await Promise.all(Object.values(servers).map((server) => server.fastify.close()));
  rmSync(baselineDir, { recursive: true, force: true });
}
