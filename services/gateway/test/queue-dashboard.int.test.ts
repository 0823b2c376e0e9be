import type { Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFairly, openQueue, startWorker } from '@hub/kit';
import { mounts, QUEUES } from '@hub/proto';
import { signedIn } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';

/** The queue dashboard (bull-board) through the gateway: who gets it, and a failed job retried. */
let stack: TestStack;
let root: ApiSession;
let admin: ApiSession;
let operator: ApiSession;
let worker: Worker | undefined;
const base = mounts.queueDashboard.prefix;

beforeAll(async () => {
  stack = await startTestStack();
  const organizationId = await stack.createOrganization('Acme Foods', 'acme.test');
  const sessionOf = async (role: 'admin' | 'operator') => {
    const email = `${role}@acme.test`;
    const password = `${role}-Pass-1!`;
    await stack.createUser({ email, password, role, organizationId });
    return signedIn(stack, email, password);
  };
  [admin, operator] = await Promise.all([sessionOf('admin'), sessionOf('operator')]);
  root = await signedIn(stack, SUPER_ADMIN.email, SUPER_ADMIN.password);
}, 120_000);

afterAll(async () => {
  await worker?.close();
  await stack?.stop();
});

const connection = () => ({ url: stack.env.REDIS_URL!, prefix: stack.redisPrefix });

async function page(session: ApiSession | null, path: string, method = 'GET') {
  const response = await fetch(`${stack.url}${path}`, {
    method,
    headers: session?.cookie ? { cookie: session.cookie } : {},
  });
  return {
    status: response.status,
    text: await response.text(),
    type: response.headers.get('content-type'),
  };
}

describe('the queue dashboard', () => {
  it('refuses anonymous callers (401) and every role but the super administrator (403)', async () => {
    for (const path of [base, `${base}/api/queues`]) {
      const anonymous = await page(null, path);
      expect(anonymous.status, path).toBe(401);
      // Coded as every other refusal, so a reader's language can word it.
      expect(JSON.parse(anonymous.text), path).toMatchObject({ code: 'sign_in_required' });
      expect((await page(admin, path)).status, path).toBe(403);
      expect((await page(operator, path)).status, path).toBe(403);
    }
    const { status, text } = await page(
      admin,
      `${base}/api/queues/${QUEUES.pdfProcessing}/1/retry`,
      'PUT',
    );
    expect(status).toBe(403);
    expect(JSON.parse(text)).toMatchObject({ statusCode: 403 });
  });

  it('serves the super administrator its page and every queue of the product', async () => {
    const entry = await page(root, base);
    expect(entry.status).toBe(200);
    expect(entry.type).toContain('text/html');
    expect(entry.text).toContain('Frontline Hub queues');
    // Its script, from the same prefix, through the same checks.
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(entry.text)?.[1];
    expect(script).toBeDefined();
    const asset = await page(root, new URL(script!, `${stack.url}${base}/`).pathname);
    expect(asset.status).toBe(200);
    expect(asset.type).toContain('javascript');
    expect((await page(null, new URL(script!, `${stack.url}${base}/`).pathname)).status).toBe(401);
    const { status, text } = await page(root, `${base}/api/queues`);
    expect(status).toBe(200);
    const names = (JSON.parse(text) as { queues: { name: string }[] }).queues.map((q) => q.name);
    expect(names.sort()).toEqual(Object.values(QUEUES).sort());
  });

  it('describes each organization’s backlog of a shared queue, and names each job’s organization', async () => {
    const queue = openQueue<{ organizationId: number }>(QUEUES.videoAnalysis, connection());
    for (const [jobId, organizationId] of [
      ['x1', 5],
      ['x2', 5],
      ['x3', 8],
    ] as const)
      await addFairly(queue, 'analyse', { organizationId }, { jobId });
    const listed = await page(
      root,
      `${base}/api/queues?activeQueue=${QUEUES.videoAnalysis}&status=prioritized&page=1`,
    );
    const shown = (
      JSON.parse(listed.text) as {
        queues: { name: string; description?: string; jobs: { id: string; name: string }[] }[];
      }
    ).queues.find((q) => q.name === QUEUES.videoAnalysis)!;
    expect(shown.description).toBe(
      'Organizations take turns. Backlog by organization: 5: 2 waiting, 0 active; 8: 1 waiting, 0 active',
    );
    // Turn by turn: the first of each organization, then the second.
    expect(shown.jobs.map((job) => job.name)).toEqual([
      'analyse (org 5)',
      'analyse (org 8)',
      'analyse (org 5)',
    ]);
    await queue.obliterate({ force: true });
    await queue.close();
  });

  it('keeps a job that failed its last attempt visible, and a retry runs it again', async () => {
    const queue = openQueue<{ n: number }>(QUEUES.quizGeneration, connection());
    const runs: number[] = [];
    worker = startWorker<{ n: number }, string>(
      QUEUES.quizGeneration,
      connection(),
      async (job) => {
        runs.push(job.data.n);
        if (runs.length === 1) throw new Error('broken on purpose');
        return 'done';
      },
    );
    const job = await queue.add('doomed', { n: 7 }, { attempts: 1 });
    await expect.poll(() => job.getState()).toBe('failed');

    const listed = await page(
      root,
      `${base}/api/queues?activeQueue=${QUEUES.quizGeneration}&status=failed&page=1`,
    );
    const queues = (
      JSON.parse(listed.text) as {
        queues: { name: string; jobs: { id: string; failedReason: string }[] }[];
      }
    ).queues;
    const failed = queues.find((q) => q.name === QUEUES.quizGeneration)!.jobs;
    expect(failed).toEqual([
      expect.objectContaining({ id: job.id, failedReason: 'broken on purpose' }),
    ]);

    // Another role cannot retry it; the super administrator can, and it runs again.
    const path = `${base}/api/queues/${QUEUES.quizGeneration}/${job.id}/retry`;
    expect((await page(operator, path, 'PUT')).status).toBe(403);
    expect(runs).toHaveLength(1);
    expect((await page(root, path, 'PUT')).status).toBe(204);
    await expect.poll(() => job.getState()).toBe('completed');
    expect(runs).toEqual([7, 7]);
    await queue.close();
  });
});
