import swc from 'unplugin-swc';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { SlowestFirst } from './packages/testing/src/slowest-first.sequencer.ts';
import { TEST_NODE_FLAGS } from './packages/testing/src/test-node-flags.ts';

/** Workspace packages are compiled from their TypeScript source in tests (their `source` export). */
const sourceFirst = {
  resolve: { conditions: ['source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
};

// NestJS and TypeORM read decorator metadata, which esbuild does not emit: SWC compiles tests.
const decorators = () =>
  swc.vite({
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2023',
    },
  });

export default defineConfig({
  test: {
    sequence: { sequencer: SlowestFirst },
    // Each project has the machine to itself (sequence.groupOrder): unit, then integration, then
    // e2e, rather than all three fighting over CI's two cores at once.
    projects: [
      {
        ...sourceFirst,
        plugins: [decorators()],
        test: {
          name: 'unit',
          environment: 'node',
          execArgv: TEST_NODE_FLAGS,
          sequence: { groupOrder: 0 },
          // Both cores: vitest 5 left one of CI's two idle (unit 46 s with one worker, 25 s with
          // two; integration 300 s and 240 s, on the 2-core machine).
          maxWorkers: 2,
          // As integration: a worker runs its files in one module graph. Most of the 118 files
          // test in milliseconds and spent their second or two on a process and imports of their
          // own (2 Dec, the 2-core machine loaded by others, load 27-51: 112 CPU-s and 346 s
          // isolated; 48 and 58 CPU-s, 193 and 209 s shared). A file that changes a module's state
          // puts it back after it (date preferences; the logger test's fresh modules leave
          // prom-client's registry empty).
          isolate: false,
          include: ['{proto,packages,services,workers,infra,web}/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/dist/**', '**/*.int.test.ts', '**/*.e2e.test.ts'],
        },
      },
      {
        ...sourceFirst,
        plugins: [decorators()],
        test: {
          name: 'integration',
          environment: 'node',
          execArgv: TEST_NODE_FLAGS,
          sequence: { groupOrder: 1 },
          // Four files at a time on two cores: with two, 15% of the CPU sat idle while suites
          // waited on Redis, PostgreSQL, queues and child processes (243 s; 208 s with three, 5%
          // idle). With four the rest of that idle is filled: on the slower kind, two pairs run back
          // to back, 356 -> 337 s and 267 -> 241 s, idle 26 -> 11 and 25 -> 10 CPU-s (7 Dec).
          maxWorkers: 4,
          // A worker runs its files in one module graph: importing the five services, NestJS and
          // TypeORM again for each of the 72 files took about half the project's CPU (15 gateway
          // files: 66 CPU-s isolated, 33 shared). Each file still starts its own stack, on a
          // database and key prefix of its own; what a process holds once (the metrics registry,
          // face-api's nets) is shared, and the tests reading it count from their own start.
          isolate: false,
          setupFiles: ['packages/testing/src/deprecations-thrown.setup.ts'],
          // Drops the template databases the suites' databases were copied from.
          globalSetup: ['packages/testing/src/database-templates.global-setup.ts'],
          include: ['{packages,services,workers,infra}/**/*.int.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
      {
        ...sourceFirst,
        plugins: [decorators()],
        test: {
          // The fault and load suite (`npm run reliability`, CI's step after `npm test`): the
          // built product under the launcher, killed and loaded; one file at a time, as its
          // trials measure the machine.
          name: 'reliability',
          environment: 'node',
          sequence: { groupOrder: 3 },
          include: ['reliability/**/*.int.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
      {
        ...sourceFirst,
        test: {
          name: 'e2e',
          environment: 'node',
          execArgv: TEST_NODE_FLAGS,
          sequence: { groupOrder: 2 },
          // One stack for the run (globalSetup); each worker's files share a Chromium of the worker's
          // own (e2e/browser.ts).
          globalSetup: ['e2e/global-setup.ts'],
          include: ['e2e/**/*.e2e.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // Three files at a time on the one stack and browser: each works in organizations of its
          // own, and much of a file's time is the stack's (workers, queues), not the runner's
          // (two files: 270 s with 16% of the CPU idle; three: 238 s, 10% idle).
          maxWorkers: 3,
          // As integration: a worker runs its files in one module graph. Each file imported the
          // records, proto, playwright and the identity service's password hashing again: 124
          // modules evaluated 355 times, 254 s of a four-file run's time (2 Dec, loaded machine).
          // A file's names and records stay its own (`uniqueId()` per file, setUpWalk()).
          isolate: false,
        },
      },
    ],
  },
});
