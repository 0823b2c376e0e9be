import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  claimTestResources,
  freePort,
  TEST_NODE_FLAGS,
  TEST_REDIS_URL,
  type TestResources,
} from '@hub/testing';
import { inject } from 'vitest';
import { logText } from '../infra/launcher/output.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The same processes, in the same order, as the launcher starts. */
const PROCESSES = JSON.parse(readFileSync(`${root}infra/processes.json`, 'utf8')) as {
  name: string;
  entry: string;
  nodeArgs?: string[];
  ready: string;
}[];

export const E2E_SUPER_ADMIN = { email: 'root@e2e.test', password: 'E2e-Super-Admin-Pass!' };

/** The shared stack as e2e/global-setup.ts provides it to the test files (plain data). */
export interface SharedStackInfo {
  url: string;
  env: Record<string, string>;
  databaseUrl: string;
  redisPrefix: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's one stack, started by e2e/global-setup.ts. */
    e2eStack?: SharedStackInfo;
  }
}

/** The mail settings of the shared stack: every mail goes to the run's one mail catcher. */
export const E2E_MAIL_FROM = 'hub@e2e.test';

export interface RunningStack {
  url: string;
  env: Record<string, string>;
  resources: TestResources;
  stop(): Promise<void>;
}

function startProcess(name: string, args: string[], env: Record<string, string>, ready: string) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'pipe',
  });
  let output = '';
  let scanned = 0;
  let isReady = false;
  const started = new Promise<void>((resolve, reject) => {
    // Until ready: each new whole line is looked at once (production's log lines are JSON:
    // `[name] ready` is the text of one of them). After it the output is read and dropped, so the
    // pipe never fills: re-reading all of it at each chunk, for the whole run, was the vitest main
    // process's CPU growing with the square of the stack's log (docs/testing.md).
    const onData = (chunk: Buffer) => {
      if (isReady) return;
      output += chunk.toString();
      const end = output.lastIndexOf('\n') + 1;
      const lines = output.slice(scanned, end).split('\n');
      scanned = end;
      if (lines.some((line) => logText(line).includes(ready))) {
        isReady = true;
        output = '';
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}:\n${output}`)));
  });
  return { child, started };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/**
 * Runs the built product as it runs in production (each service its own process, the
 * gateway serving web/dist) against a database and Redis prefix of its own.
 */
export async function startStack(extraEnv: Record<string, string> = {}): Promise<RunningStack> {
  const resources = claimTestResources();
  // A free port unless one is asked for, so the tests run beside `npm start` (8080), below the
  // kernel's ephemeral range (freePort).
  const port = process.env.E2E_PORT ?? String(await freePort());
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: resources.databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: resources.redisPrefix,
    PORT: port,
    PUBLIC_URL: `http://localhost:${port}`,
    SUPER_ADMIN_EMAIL: E2E_SUPER_ADMIN.email,
    SUPER_ADMIN_PASSWORD: E2E_SUPER_ADMIN.password,
    DATA_DIR: `${root}/.data/e2e-${resources.redisPrefix.split(':')[1]}`,
    // Production needs the credentials key from the environment; each run has its own.
    INTEGRATION_SECRET_KEY: randomBytes(32).toString('base64'),
    WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
    // As the launcher and the Docker image run every process.
    MALLOC_ARENA_MAX: '2',
    // As `npm start` on one machine: webhooks may reach a receiver on loopback (the tests' own).
    WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128',
    // The people import's invitations paced as fast as the setting allows (still paced): at the
    // default 10 a second the 195 of e2e/people-import waited 19.5 s, a mail catcher on loopback
    // needs no sparing.
    PEOPLE_IMPORT_MAILS_PER_SECOND: '1000',
    ...extraEnv,
  };
  const processes: ChildProcess[] = [];
  const stop = async () => {
    for (const child of processes.reverse()) await stopProcess(child);
    // What the processes kept on disk (uploads' parts, the launcher state) goes with the run.
    rmSync(env.DATA_DIR, { recursive: true, force: true });
    await resources.release();
  };
  try {
    // No process waits for another to start: each service migrates its own schema, the workers
    // and the gateway reach the services over Redis only when asked. So all start at once (the
    // launcher's order matters for a person reading its log, not for readiness).
    const starting = PROCESSES.map(({ name, entry, nodeArgs = [], ready }) => {
      const started = startProcess(name, [...TEST_NODE_FLAGS, ...nodeArgs, entry], env, ready);
      processes.push(started.child);
      return started.started;
    });
    // Every start settles before a failure is reported, so stop() finds each child spawned.
    const outcomes = await Promise.allSettled(starting);
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://localhost:${port}`, env, resources, stop };
}

/**
 * The stack every e2e file shares: started once by e2e/global-setup.ts (its database, Redis
 * prefix and mail catcher last the whole run), so stop() here does nothing. A file acts in
 * organizations of its own, named with `uniqueId()`, and asserts on its own data only.
 */
export function sharedStack(): Promise<RunningStack> {
  const shared = inject('e2eStack');
  if (!shared) {
    return Promise.reject(new Error('no shared e2e stack: run the file in the e2e project'));
  }
  return Promise.resolve({
    url: shared.url,
    env: shared.env,
    resources: {
      databaseUrl: shared.databaseUrl,
      redisPrefix: shared.redisPrefix,
      release: () => Promise.resolve(),
    },
    stop: () => Promise.resolve(),
  });
}

/** A short random id for one file's names, domains and emails on the shared stack. */
export function uniqueId(): string {
  return randomBytes(4).toString('hex');
}
