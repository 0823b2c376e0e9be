import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, startTracing, stopTracing, textLine } from '@hub/kit';
import { api, QUEUES } from '@hub/proto';
import { startBuiltProcess } from './built-process.js';
import { freePort } from '@hub/testing';
import { ApiSession, startTestStack, type TestStack } from './test-stack.js';
import { startDocumentWorkers, type RunningWorkers } from './test-workers.js';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';

/**
 * One user action followed by its trace: a request with the browser's `traceparent` goes to the
 * built gateway (a process of its own), over the RPC to the library service, onto the PDF queue,
 * through the PDF worker, back on the library's inbox and on to the quiz worker. Both processes
 * export by OTLP/HTTP to a collector in this test; every span must carry the browser's trace id
 * and hang from the span that caused it. The log lines written while serving the request and
 * processing its jobs (debug, JSON) carry that trace id too.
 */
interface ExportedSpan {
  process: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
}

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string };
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: { spans: Omit<ExportedSpan, 'process'>[] }[];
  }[];
}

const SPAN_KIND = { server: 2, client: 3, producer: 4, consumer: 5 };

const spans: ExportedSpan[] = [];
/** The JSON log lines of this process (the services and workers) while the test runs. */
const logLines: Record<string, unknown>[] = [];
let releaseLogs: (() => void) | undefined;
const contentTypes = new Set<string>();
let collector: Server;
let collectorUrl: string;
let stack: TestStack;
let workers: RunningWorkers;
let gateway: ChildProcess | undefined;
let gatewayOutput: () => string = () => '';

function startCollector(): Promise<void> {
  collector = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      contentTypes.add(String(request.headers['content-type']));
      if (request.url === '/v1/traces') record(JSON.parse(Buffer.concat(chunks).toString()));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    collector.listen(0, '127.0.0.1', () => {
      collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

function record(body: OtlpExport): void {
  for (const { resource, scopeSpans } of body.resourceSpans) {
    const process =
      resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '?';
    for (const scope of scopeSpans)
      for (const span of scope.spans) spans.push({ ...span, process });
  }
}

async function startGatewayProcess(port: number): Promise<void> {
  const env = {
    ...stack.env,
    PORT: String(port),
    OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'debug',
  };
  const started = startBuiltProcess('services/gateway/dist/main.js', env);
  gateway = started.child;
  gatewayOutput = started.output;
  await started.printed(/\[gateway\] listening/);
}

beforeAll(async () => {
  await startCollector();
  // This process plays the services and workers; the gateway runs as a process of its own.
  await startTracing('services-under-test', collectorUrl);
  releaseLogs = captureLogs(
    {
      write(line: string) {
        const entry = JSON.parse(line) as Record<string, unknown>;
        logLines.push(entry);
        // What the test would have printed still is.
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

afterAll(async () => {
  releaseLogs?.();
  if (gateway && gateway.exitCode === null) gateway.kill('SIGKILL');
  await workers?.close();
  await stack?.stop();
  await stopTracing();
  collector?.close();
});

const inTrace = (traceId: string) => spans.filter((span) => span.traceId === traceId);

/** The gateway's JSON log lines so far (its ready line and the like are JSON too). */
const gatewayLines = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('tracing', () => {
  it('follows an upload from the browser through the gateway, the RPC, the service and the jobs', async () => {
    logLines.length = 0;
    const organizationId = await stack.createOrganization('Acme Foods', 'acme.test');
    await stack.createUser({
      email: 'admin@acme.test',
      password: 'Admin-Pass-1!',
      role: 'admin',
      organizationId,
    });
    const port = await freePort();
    await startGatewayProcess(port);
    const admin = new ApiSession(`http://127.0.0.1:${port}`);
    expect((await admin.login('admin@acme.test', 'Admin-Pass-1!')).status).toBe(200);

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

    const consumed = (queue: string) => (span: ExportedSpan) =>
      span.kind === SPAN_KIND.consumer && span.name.includes(queue);
    const fromGateway = (kind: number) => (span: ExportedSpan) =>
      span.process === 'gateway' && span.kind === kind;
    // Each process exports its spans in batches of its own: the jobs can be done before the
    // gateway's batches have arrived.
    await expect
      .poll(
        () =>
          [
            consumed(QUEUES.quizGeneration),
            fromGateway(SPAN_KIND.server),
            fromGateway(SPAN_KIND.client),
          ].every((wanted) => inTrace(traceId).some(wanted)),
        { timeout: 60_000 },
      )
      .toBe(true);

    const trace = inTrace(traceId);
    const describe = () => trace.map((s) => `${s.process} ${s.kind} ${s.name}`).join('\n');
    const one = (what: string, match: (span: ExportedSpan) => boolean) => {
      const found = trace.find(match);
      expect(found, `${what} in:\n${describe()}`).toBeDefined();
      return found!;
    };

    const request = one(
      'the gateway request',
      (s) => s.process === 'gateway' && s.kind === SPAN_KIND.server && s.name.startsWith('POST'),
    );
    expect(request.name).toBe('POST /api/library/documents/upload');
    expect(request.parentSpanId).toBe(browserSpanId);
    const call = one(
      'the gateway RPC to library',
      (s) =>
        s.process === 'gateway' && s.kind === SPAN_KIND.client && s.name.startsWith('library '),
    );
    expect(call.parentSpanId).toBe(request.spanId);
    const handled = one(
      "the library service's answer",
      (s) => s.process === 'services-under-test' && s.parentSpanId === call.spanId,
    );
    expect(handled.kind).toBe(SPAN_KIND.server);
    expect(handled.name).toBe(call.name);

    const enqueued = one(
      'the PDF job enqueued',
      (s) => s.kind === SPAN_KIND.producer && s.name.includes(QUEUES.pdfProcessing),
    );
    const processed = one('the PDF job processed', consumed(QUEUES.pdfProcessing));
    expect(processed.parentSpanId).toBe(enqueued.spanId);
    const inbox = one("the worker's result on the library inbox", consumed(QUEUES.libraryInbox));
    const spanIds = new Set(trace.map((s) => s.spanId));
    expect(spanIds.has(inbox.parentSpanId)).toBe(true);
    one('the evaluation generated', consumed(QUEUES.quizGeneration));
    expect([...contentTypes]).toContain('application/json');

    // The log lines of the request, its RPC and its jobs carry the browser's trace id.
    const served = gatewayLines(gatewayOutput()).filter(
      (line) => line.context === 'http' && String(line.msg).includes('/documents/upload'),
    );
    expect(served.map((line) => line.msg)).toEqual([
      expect.stringMatching(/^POST \/api\/library\/documents\/upload 201 \d+ ms$/),
    ]);
    expect(served[0]).toMatchObject({ level: 'debug', service: 'gateway', traceId });
    expect(served[0]!.spanId).toBe(request.spanId);
    const traced = logLines.filter((line) => line.traceId === traceId);
    expect(
      traced.filter((line) => line.context === 'rpc' && line.spanId === handled.spanId),
      "the library's answer logged",
    ).toEqual([expect.objectContaining({ msg: expect.stringMatching(/ answered ok in \d+ ms$/) })]);
    const pdfJobLines = (lines: Record<string, unknown>[]) =>
      lines.filter((line) => line.context === 'jobs' && line.queue === QUEUES.pdfProcessing);
    expect(pdfJobLines(traced), 'the PDF job logged').toEqual([
      expect.objectContaining({ msg: 'job started', spanId: processed.spanId }),
      expect.objectContaining({ msg: expect.stringMatching(/^job done in \d+ ms$/) }),
    ]);
    // None of the job's lines went without it.
    expect(pdfJobLines(logLines)).toHaveLength(2);

    gateway!.kill('SIGTERM');
    await new Promise((resolve) => gateway!.once('exit', resolve));
  });
});
