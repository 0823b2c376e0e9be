import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import client from 'prom-client';

/** Every metric of the process; one registry, whatever modules run in it. */
export const metrics = client.register;

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 1800, 3600, 7200];

/** Rates come from the _count series; errors from the status label. */
export const httpRequestDuration = new client.Histogram({
  name: 'hub_http_request_duration_seconds',
  help: 'HTTP requests answered by the gateway, by route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
});

export const rpcHandledDuration = new client.Histogram({
  name: 'hub_rpc_handled_duration_seconds',
  help: 'RPC requests a service answered, by pattern and outcome (ok or the failure kind)',
  labelNames: ['service', 'pattern', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
});

export const jobDuration = new client.Histogram({
  name: 'hub_job_duration_seconds',
  help: 'Jobs a worker finished, by queue and outcome (completed or failed)',
  labelNames: ['queue', 'outcome'] as const,
  buckets: JOB_BUCKETS,
});

let runtimeMetricsOn = false;

/** Node runtime metrics (event loop lag, heap, GC, handles), labelled with the process name. */
export function collectRuntimeMetrics(processName: string): void {
  if (runtimeMetricsOn) return;
  runtimeMetricsOn = true;
  metrics.setDefaultLabels({ process: processName });
  client.collectDefaultMetrics({ register: metrics });
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/** Serves GET /metrics in Prometheus' text format on a port of its own, apart from user traffic. */
export async function serveMetrics(port: number, host = '0.0.0.0'): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  server.unref();
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
