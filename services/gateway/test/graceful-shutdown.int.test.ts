import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openQueue } from '@hub/kit';
import { api } from '@hub/proto';
import { type BuiltProcess, startBuiltProcess } from './built-process.js';
import { freePort } from '@hub/testing';
import { signedIn } from './tenant-fixtures.js';
import { startTestStack, type TestStack } from './test-stack.js';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';

/**
 * SIGTERM to real processes (the built gateway, a worker process built like ours) while they
 * work: the upload in flight answers and its document exists; the job in flight completes, or
 * past the grace goes back to its queue and completes once after a restart.
 */
let stack: TestStack;
let redis: Redis;
const children: ChildProcess[] = [];
/**
 * No test here is about how long: each starts and stops node processes (10-23 s at load 15 on
 * the 2-core machine, 34-63 s when busier), so each has a generous bound (180 s; its waits 60 s
 * each), and the processes whose work must finish a grace no machine reaches.
 */
const LONG_GRACE_MS = 120_000;

beforeAll(async () => {
  stack = await startTestStack();
  redis = new Redis(stack.env.REDIS_URL!);
}, 120_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  redis?.disconnect();
  await stack?.stop();
});

function startProcess(entry: string, env: Record<string, string>): BuiltProcess {
  const started = startBuiltProcess(entry, { ...stack.env, ...env });
  children.push(started.child);
  return started;
}

/** A multipart body as a browser sends it, cut in two around the middle of the file. */
function uploadBody(boundary: string, pdf: Buffer): [Buffer, Buffer] {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nShutdown SOP\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sop.pdf"\r\n` +
      `Content-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const half = Math.floor(pdf.length / 2);
  return [Buffer.concat([head, pdf.subarray(0, half)]), Buffer.concat([pdf.subarray(half), tail])];
}

describe('graceful shutdown', () => {
  it('lets an upload in flight through the gateway finish after SIGTERM, then exits 0', async () => {
    const organizationId = await stack.createOrganization('Acme Foods', 'acme.test');
    await stack.createUser({
      email: 'admin@acme.test',
      password: 'Admin-Pass-1!',
      role: 'admin',
      organizationId,
    });
    const admin = await signedIn(stack, 'admin@acme.test', 'Admin-Pass-1!');
    const port = await freePort();
    // Neither the grace nor the upload's RPC may end it, however slow the machine.
    const gateway = startProcess('services/gateway/dist/main.js', {
      PORT: String(port),
      SHUTDOWN_GRACE_MS: String(LONG_GRACE_MS),
      RPC_TIMEOUT_MS: String(LONG_GRACE_MS),
    });
    await gateway.printed(/\[gateway\] listening/);

    const boundary = 'shutdown-test-boundary';
    const [first, second] = uploadBody(boundary, sopPdf(COOLING_SOP));
    const upload = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: api.uploadDocument.path,
      headers: {
        cookie: admin.cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': first.length + second.length,
        // The gateway answers 100 Continue once it holds the request: then it is in flight.
        expect: '100-continue',
      },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      upload.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      upload.on('error', reject);
    });
    const accepted = new Promise((resolve) => upload.once('continue', resolve));
    upload.flushHeaders();
    await accepted;
    upload.write(first);

    gateway.child.kill('SIGTERM');
    await gateway.printed(/\[gateway\] SIGTERM: finishing the work in flight/);
    upload.end(second);

    const { status, body } = await answer;
    expect(status, body).toBeLessThan(300);
    const { id } = api.uploadDocument.response.parse(JSON.parse(body));
    expect(await gateway.exited).toBe(0);
    const stored = await admin.call(api.document, { params: { id } });
    expect(stored.title).toBe('Shutdown SOP');
  }, 180_000);

  const workerEntry = 'services/gateway/test/fixtures/blocking-worker.mjs';
  const queueName = 'shutdown-test';
  const keys = (name: string) => `${stack.redisPrefix}${name}`;
  const startWorkerProcess = (name: string, graceMs: number) =>
    startProcess(workerEntry, {
      TEST_QUEUE: queueName,
      TEST_KEYS: name,
      SHUTDOWN_GRACE_MS: String(graceMs),
    });

  it('lets a job in flight complete after SIGTERM before the worker exits 0', async () => {
    const worker = startWorkerProcess('drain', LONG_GRACE_MS);
    await worker.printed(/\[blocking-worker\] ready/);
    const queue = openQueue<{ n: number }>(queueName, {
      url: stack.env.REDIS_URL!,
      prefix: stack.redisPrefix,
    });
    const job = await queue.add('slow', { n: 1 });
    expect(await redis.blpop(keys('drain:started'), 60)).toEqual([keys('drain:started'), job.id]);

    worker.child.kill('SIGTERM');
    await worker.printed(/SIGTERM: finishing the work in flight/);
    expect(await job.getState()).toBe('active');
    await redis.rpush(keys('drain:release'), 'go');

    expect(await worker.exited).toBe(0);
    expect(await job.getState()).toBe('completed');
    expect(await redis.get(keys('drain:completed'))).toBe('1');
    await queue.close();
  }, 180_000);

  it('past the grace, returns the job to its queue; after a restart it completes once', async () => {
    const first = startWorkerProcess('requeue', 300);
    await first.printed(/\[blocking-worker\] ready/);
    const queue = openQueue<{ n: number }>(queueName, {
      url: stack.env.REDIS_URL!,
      prefix: stack.redisPrefix,
    });
    const job = await queue.add('stuck', { n: 2 });
    expect(await redis.blpop(keys('requeue:started'), 60)).toEqual([
      keys('requeue:started'),
      job.id,
    ]);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(1);
    expect(first.output()).toContain('1 running job(s) went back to their queues');
    expect(await job.getState()).toBe('waiting');

    await redis.rpush(keys('requeue:release'), 'go');
    const second = startWorkerProcess('requeue', LONG_GRACE_MS);
    // Its start alone may outlast the default poll on a loaded machine: awaited first.
    await second.printed(/\[blocking-worker\] ready/);
    await expect.poll(() => job.getState(), { timeout: 60_000 }).toBe('completed');
    expect(await redis.lrange(keys('requeue:started'), 0, -1)).toEqual([job.id]);
    expect(await redis.get(keys('requeue:completed'))).toBe('1');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    await queue.close();
  }, 180_000);
});
