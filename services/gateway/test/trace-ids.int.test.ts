import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, textLine, tracingOn } from '@hub/kit';
import { api, QUEUES } from '@hub/proto';
import { startBuiltProcess } from './built-process.js';
import { freePort } from '@hub/testing';
import { ApiSession, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';
import { startDocumentWorkers, type RunningWorkers } from './test-workers.js';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';

/**
 * The trace id of one user action on every log line it causes, with OpenTelemetry off (no
 * OTEL_EXPORTER_OTLP_ENDPOINT anywhere, so no tracing SDK loaded): the built gateway (a process
 * of its own) continues the browser's `traceparent` or starts a trace and answers it in
 * `x-trace-id`; the RPC carries it to the library and identity services, the PDF queue to the
 * PDF worker, the inbox back to the library and the quiz queue to the quiz worker (this process
 * plays the services and workers), and the events bus to every service's handler of the event a
 * request published. tracing.int.test.ts checks the same with tracing on.
 */
type Line = Record<string, unknown>;

/** The JSON log lines of this process (the services and workers) while the test runs. */
const logLines: Line[] = [];
let releaseLogs: (() => void) | undefined;
let stack: TestStack;
let workers: RunningWorkers;
let gateway: ChildProcess | undefined;
let gatewayOutput: () => string = () => '';
let admin: ApiSession | undefined;
let gatewayUrl = '';
let acmeId = 0;

async function startGatewayProcess(port: number): Promise<void> {
  const env = {
    ...stack.env,
    PORT: String(port),
    OTEL_EXPORTER_OTLP_ENDPOINT: '',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'debug',
  };
  const started = startBuiltProcess('services/gateway/dist/main.js', env);
  gateway = started.child;
  gatewayOutput = started.output;
  await started.printed(/\[gateway\] listening/);
}

/** The gateway's JSON log lines so far. */
const gatewayLines = () =>
  gatewayOutput()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Line);

/** The gateway's debug line for the request to `path` (`GET /api/user 200 3 ms`). */
const served = (path: string) =>
  gatewayLines().filter((line) => line.context === 'http' && String(line.msg).includes(path));

beforeAll(async () => {
  releaseLogs = captureLogs(
    {
      write(line: string) {
        const entry = JSON.parse(line) as Line;
        logLines.push(entry);
        if (['warn', 'error', 'fatal'].includes(String(entry.level))) {
          process.stdout.write(`${textLine(line)}\n`);
        }
      },
    },
    'debug',
  );
  stack = await startTestStack();
  workers = startDocumentWorkers(stack);
}, 120_000);

/** An administrator signed in through the built gateway, started at first use (it is polled for). */
async function signedIn(): Promise<ApiSession> {
  if (admin) return admin;
  acmeId = await stack.createOrganization('Acme Foods', 'acme.test');
  await stack.createUser({
    email: 'admin@acme.test',
    password: 'Admin-Pass-1!',
    role: 'admin',
    organizationId: acmeId,
  });
  const port = await freePort();
  await startGatewayProcess(port);
  gatewayUrl = `http://127.0.0.1:${port}`;
  admin = new ApiSession(gatewayUrl);
  expect((await admin.login('admin@acme.test', 'Admin-Pass-1!')).status).toBe(200);
  return admin;
}

afterAll(async () => {
  releaseLogs?.();
  if (gateway && gateway.exitCode === null) {
    gateway.kill('SIGTERM');
    await new Promise((resolve) => gateway!.once('exit', resolve));
  }
  await workers?.close();
  await stack?.stop();
});

describe('trace ids with tracing off', () => {
  it("puts the browser's trace id on the lines of the gateway, the RPC, the service and the jobs", async () => {
    expect(tracingOn()).toBe(false);
    const admin = await signedIn();
    logLines.length = 0;
    const traceId = randomBytes(16).toString('hex');
    const browserSpanId = randomBytes(8).toString('hex');
    const uploaded = await admin.upload(
      api.uploadDocument.path,
      { title: 'Traced SOP' },
      { field: 'file', name: 'traced.pdf', data: sopPdf(COOLING_SOP) },
      { headers: { traceparent: `00-${traceId}-${browserSpanId}-01` } },
    );
    expect(uploaded.status).toBe(201);
    expect(uploaded.headers.get('x-trace-id')).toBe(traceId);

    const jobLines = (queue: string) =>
      logLines.filter((line) => line.context === 'jobs' && line.queue === queue);
    const done = (queue: string) =>
      jobLines(queue).some((line) => String(line.msg).startsWith('job done'));
    await expect
      .poll(() => done(QUEUES.pdfProcessing) && done(QUEUES.quizGeneration), { timeout: 60_000 })
      .toBe(true);
    await expect.poll(() => served('/documents/upload').length).toBe(1);

    const [request] = served('/documents/upload');
    expect(request).toMatchObject({ level: 'debug', service: 'gateway', traceId });
    expect(request!.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(request!.spanId).not.toBe(browserSpanId);
    const answered = logLines.filter(
      (line) => line.context === 'rpc' && String(line.msg).startsWith('library.documents.create '),
    );
    expect(answered, "the library's answer logged").toEqual([
      expect.objectContaining({ traceId, msg: expect.stringMatching(/ answered ok in \d+ ms$/) }),
    ]);
    expect(answered[0]!.spanId).not.toBe(request!.spanId);
    // Every line of each job, in each process's part, carries the trace id: none goes without.
    for (const queue of [QUEUES.pdfProcessing, QUEUES.libraryInbox, QUEUES.quizGeneration]) {
      const lines = jobLines(queue);
      expect(lines.length, `${queue} logged`).toBeGreaterThanOrEqual(2);
      expect(
        lines.map((line) => [line.msg, line.traceId]),
        `${queue}'s lines`,
      ).toEqual(lines.map((line) => [line.msg, traceId]));
      for (const line of lines) expect(line.spanId).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it('starts a trace for a request without one, answers it in x-trace-id, and the service logs it', async () => {
    const admin = await signedIn();
    logLines.length = 0;
    const user = await admin.send(api.currentUser);
    expect(user.status).toBe(200);
    const traceId = user.headers.get('x-trace-id');
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    await expect.poll(() => served('GET /api/user ').at(-1)?.traceId).toBe(traceId);
    const answered = logLines.filter(
      (line) => line.context === 'rpc' && String(line.msg).includes(' answered '),
    );
    // The first test's upload may still be notifying (its inbox job's RPCs, in its own trace).
    expect(answered.filter((line) => line.traceId === traceId).length).toBeGreaterThan(0);
    for (const line of answered) expect(line.traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it("puts the request's trace id on every service's handling of the event it published", async () => {
    await signedIn();
    const root = new ApiSession(gatewayUrl);
    expect((await root.login(SUPER_ADMIN.email, SUPER_ADMIN.password)).status).toBe(200);
    const userId = await stack.createUser({
      email: 'leaver@acme.test',
      role: 'operator',
      organizationId: acmeId,
    });
    logLines.length = 0;
    const traceId = randomBytes(16).toString('hex');
    const traceparent = `00-${traceId}-${randomBytes(8).toString('hex')}-01`;
    const deleted = await root.send(api.deleteUser, {
      params: { id: userId },
      headers: { traceparent },
    });
    expect(deleted.status).toBe(200);

    // Identity publishes user.deleted; each service's consumer group handles it in its span, and
    // identity's webhooks group too (a member removed, for the organization's endpoints), and its
    // notifications group, which reads every event for the notices other services ask it to tell.
    const handled = () =>
      logLines.filter(
        (line) => line.context === 'events' && String(line.msg).startsWith('user.deleted handled'),
      );
    const services = [
      'identity',
      'integration',
      'library',
      'notifications',
      'observation',
      'video',
      'webhooks',
    ];
    await expect
      .poll(
        () =>
          handled()
            .map((line) => line.group)
            .sort(),
        { timeout: 30_000 },
      )
      .toEqual(services);
    expect(handled().map((line) => line.traceId)).toEqual(services.map(() => traceId));
    const spanIds = handled().map((line) => line.spanId);
    for (const spanId of spanIds) expect(spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set(spanIds).size, 'each handler a span of its own').toBe(services.length);
  });
});
