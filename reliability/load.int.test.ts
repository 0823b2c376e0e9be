import type { Role } from '@hub/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  createOrganization,
  createPeople,
  publishedSop,
  type Person,
  type PublishedSop,
} from '../e2e/records.js';
import { writeFigures } from './figures.js';
import { launchStack, type LaunchedStack } from './launched-stack.js';
import { MemorySampler, Recorder } from './load-stats.js';
import { runLoad, type SimulatedUser } from './load.js';
import { coolingSopPdf } from './uploads.js';

/**
 * RELIABILITY_USERS simulated users for RELIABILITY_SECONDS against `npm start`'s launcher (30
 * users for 30 s in CI; 200 users for 10 minutes nightly): sign in, browse, upload, take
 * observations. No request may fail; p95 per route and the processes' RSS are reported.
 */
const USERS = Number(process.env.RELIABILITY_USERS || 30);
const SECONDS = Number(process.env.RELIABILITY_SECONDS || 30);
const PASSWORD = 'Reliability-Load-Pass-1!';
/** One in four is a training supervisor (uploads, observes); the others are operators. */
const SUPERVISOR_SHARE = 4;

let stack: LaunchedStack;
let users: SimulatedUser[];
let operatorIds: number[];
let sop: PublishedSop;

beforeAll(async () => {
  stack = await launchStack();
  const organizationId = await createOrganization(stack, 'Load Works', 'load-works.test');
  const people: Record<string, Person> = {};
  for (let index = 0; index < USERS; index += 1) {
    const role: Role = index % SUPERVISOR_SHARE === 0 ? 'training_supervisor' : 'operator';
    people[`user${index}`] = { name: `User ${index}`, email: `user${index}@load-works.test`, role };
  }
  const ids = await createPeople(stack, organizationId, people, PASSWORD);
  users = Object.values(people).map(({ email, role }) => ({ email, role: role as Role }));
  operatorIds = Object.entries(people)
    .filter(([, person]) => person.role === 'operator')
    .map(([key]) => ids[key]!);
  const first = await new Api(stack).login(users[0]!.email, PASSWORD);
  sop = await publishedSop(stack, first, 'Cooling cooked food', 'food-safety');
}, 600_000);

afterAll(async () => {
  await stack?.stop();
});

describe(`${USERS} simulated users for ${SECONDS} s`, () => {
  it(
    'answers every request without an error, with p95 per route and flat memory reported',
    async () => {
      const recorder = new Recorder();
      const memory = new MemorySampler(stack.pids, Math.max(1000, (SECONDS * 1000) / 60));
      memory.start();
      const started = Date.now();
      await runLoad(
        {
          url: stack.url,
          password: PASSWORD,
          users,
          operatorIds,
          sop,
          pdf: coolingSopPdf(),
          durationMs: SECONDS * 1000,
          sessionMs: 5 * 60_000,
        },
        recorder,
      );
      const elapsed = (Date.now() - started) / 1000;
      const rss = memory.stop();
      writeFigures('load', {
        users: USERS,
        seconds: SECONDS,
        requests: recorder.requests,
        requestsPerSecond: Math.round(recorder.requests / elapsed),
        errors: recorder.errors,
        errorSamples: recorder.samples,
        routes: recorder.routes(),
        rss,
        restarts: Object.fromEntries(stack.restarts),
      });
      expect(recorder.samples).toEqual([]);
      expect(recorder.requests).toBeGreaterThan(USERS);
      expect(stack.restarts.size).toBe(0);
    },
    SECONDS * 1000 + 300_000,
  );
});
