import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RpcClient } from '@hub/kit';
import { type ApiSession, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';
import { signedIn } from './tenant-fixtures.js';
import { type RunningVideoWorkers, startVideoWorkers } from './test-workers.js';

const PASSWORD = 'Passw0rd-Long!';

/**
 * The people of the face tests, on a stack with the video workers: Acme's administrator Amy and
 * operators Howard and Bernadette, Globex's administrator Gina, the super administrator; a
 * folder for the videos and pictures a test makes.
 */
export interface FacesCast {
  stack: TestStack;
  workers: RunningVideoWorkers;
  rpc: RpcClient;
  folder: string;
  acme: number;
  globex: number;
  id: { amy: number; howard: number; bernadette: number };
  amy: ApiSession;
  howard: ApiSession;
  gina: ApiSession;
  root: ApiSession;
}

/** What a cast has started so far: all of it is stopped, also when its set-up fails midway. */
type Started = Partial<Pick<FacesCast, 'stack' | 'workers' | 'rpc'>> & { folder: string };

export async function startFacesCast(name: string): Promise<FacesCast> {
  const started: Started = { folder: mkdtempSync(join(tmpdir(), `hub-${name}-`)) };
  try {
    return await castOn(started);
  } catch (error) {
    await stopFacesCast(started);
    throw error;
  }
}

async function castOn(started: Started): Promise<FacesCast> {
  const stack = (started.stack = await startTestStack());
  const workers = (started.workers = await startVideoWorkers(stack));
  const rpc = (started.rpc = new RpcClient(stack.env.REDIS_URL!, stack.env.REDIS_PREFIX!));
  const acme = await stack.createOrganization('Acme Foods', 'acme.test');
  const globex = await stack.createOrganization('Globex Plant', 'globex.test');
  const user = (email: string, name: string, role: 'admin' | 'operator', organizationId: number) =>
    stack.createUser({ email, name, password: PASSWORD, role, organizationId });
  const id = {
    amy: await user('amy@acme.test', 'Amy Farrah', 'admin', acme),
    howard: await user('howard@acme.test', 'Howard Wolowitz', 'operator', acme),
    bernadette: await user('bernadette@acme.test', 'Bernadette Rostenkowski', 'operator', acme),
  };
  await user('gina@globex.test', 'Gina Globex', 'admin', globex);
  return {
    stack,
    workers,
    rpc,
    folder: started.folder,
    acme,
    globex,
    id,
    amy: await signedIn(stack, 'amy@acme.test', PASSWORD),
    howard: await signedIn(stack, 'howard@acme.test', PASSWORD),
    gina: await signedIn(stack, 'gina@globex.test', PASSWORD),
    root: await signedIn(stack, SUPER_ADMIN.email, SUPER_ADMIN.password),
  };
}

export async function stopFacesCast(cast: Started | undefined): Promise<void> {
  if (!cast) return;
  await cast.rpc?.close();
  await cast.workers?.close();
  await cast.stack?.stop();
  rmSync(cast.folder, { recursive: true, force: true });
}
