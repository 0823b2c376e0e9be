import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { metrics } from '../metrics/metrics.js';
import { SpanKind, startTracing, stopTracing, traced } from '../tracing/tracing.js';
import { captureLogs, createLogger, logger, processLogger, textLine } from './logger.js';

type Line = Record<string, unknown>;

/** A destination that keeps the JSON lines written to it. */
function collect() {
  const lines: Line[] = [];
  return { lines, write: (line: string) => void lines.push(JSON.parse(line) as Line) };
}

describe('createLogger', () => {
  let collector: Server;
  beforeAll(async () => {
    // A collector that takes the spans and drops them: the active context is what counts.
    collector = createServer((request, response) => {
      request.resume().on('end', () => response.writeHead(200).end('{}'));
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const { port } = collector.address() as AddressInfo;
    await startTracing('logger-test', `http://127.0.0.1:${port}`);
  });
  afterAll(async () => {
    await stopTracing();
    collector.close();
  });

  it('writes JSON lines with level, time, service, context and msg', () => {
    const out = collect();
    const log = createLogger({ service: 'library', destination: out });
    log.child({ context: 'Documents' }).info({ documentId: 'd1' }, 'stored');
    expect(out.lines).toHaveLength(1);
    const [line] = out.lines;
    expect(line).toMatchObject({
      level: 'info',
      service: 'library',
      context: 'Documents',
      documentId: 'd1',
      msg: 'stored',
    });
    expect(Date.parse(String(line!.time))).toBeGreaterThan(Date.now() - 60_000);
    expect(line).not.toHaveProperty('traceId');
  });

  it('adds the trace and span ids inside a traced scope, and not outside', async () => {
    const out = collect();
    const log = createLogger({ service: 'pdf-worker', destination: out }).child({
      context: 'jobs',
    });
    let ids = { traceId: '', spanId: '' };
    await traced(
      'job',
      {
        kind: SpanKind.CONSUMER,
        parent: { traceparent: `00-${'ab'.repeat(16)}-${'cd'.repeat(8)}-01` },
      },
      async (span) => {
        ids = { traceId: span!.spanContext().traceId, spanId: span!.spanContext().spanId };
        log.info('job started');
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.info('job done');
      },
    );
    log.info('idle');
    expect(ids.traceId).toBe('ab'.repeat(16));
    expect(out.lines.map((line) => [line.msg, line.traceId, line.spanId])).toEqual([
      ['job started', ids.traceId, ids.spanId],
      ['job done', ids.traceId, ids.spanId],
      ['idle', undefined, undefined],
    ]);
  });

  it('takes its level', () => {
    const out = collect();
    const log = createLogger({ level: 'warn', destination: out });
    log.info('hidden');
    log.warn('shown');
    expect(out.lines.map((line) => line.msg)).toEqual(['shown']);
    const verbose = createLogger({ level: 'verbose', destination: out });
    expect(verbose.level).toBe('trace');
    expect(createLogger({ level: 'log', destination: out }).level).toBe('info');
  });

  it('writes one readable line each in the text format', () => {
    const written: string[] = [];
    const log = createLogger({
      service: 'gateway',
      format: 'text',
      destination: { write: (line: string) => void written.push(line) },
    });
    log.child({ context: 'http' }).warn({ status: 503 }, 'answering unavailable');
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} WARN {2}\[gateway\] http: answering unavailable status=503\n$/,
    );
  });
});

describe('textLine', () => {
  it('shows the trace id and an error stack', () => {
    const line = JSON.stringify({
      level: 'error',
      time: '2026-01-02T03:04:05.678Z',
      service: 'identity',
      traceId: 'f'.repeat(32),
      spanId: 'e'.repeat(16),
      err: { message: 'boom', stack: 'Error: boom\n    at x' },
      msg: 'failed',
    });
    expect(textLine(line)).toBe(
      `03:04:05.678 ERROR [identity] failed trace=${'f'.repeat(32)}\nError: boom\n    at x`,
    );
    expect(textLine('not json')).toBe('not json');
  });
});

describe('the process logger', () => {
  it('gives each module a child whose lines a test can capture', () => {
    const out = collect();
    const release = captureLogs(out, 'debug');
    try {
      logger('redis').debug({ connection: 'gateway' }, 'connected');
      processLogger().info('ready');
    } finally {
      release();
    }
    logger('redis').debug('after the capture');
    expect(out.lines.map((line) => [line.context, line.level, line.msg])).toEqual([
      ['redis', 'debug', 'connected'],
      [undefined, 'info', 'ready'],
    ]);
  });
});

describe('the process logger under LOG_LEVEL=warn', () => {
  afterAll(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
    // The unit worker runs its next files in this module graph (isolate: false): with the
    // modules reset, the next to import the metrics registers them again in prom-client's
    // registry, which lives outside the graph and refuses a metric registered twice.
    metrics.clear();
  });

  it("still prints the process's ready line (the launcher waits for it), and no module's info", async () => {
    vi.resetModules();
    vi.stubEnv('LOG_LEVEL', 'warn');
    const fresh = await import('./logger.js');
    const out = collect();
    const release = fresh.captureLogs(out);
    try {
      fresh.processLogger().info('ready');
      fresh.logger('redis').info('connected');
      fresh.logger('redis').warn('slow');
    } finally {
      release();
    }
    expect(out.lines.map((line) => [line.context, line.level, line.msg])).toEqual([
      [undefined, 'info', 'ready'],
      ['redis', 'warn', 'slow'],
    ]);
  });
});
