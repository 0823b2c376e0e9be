import type { SupervisedProcess } from '@hub/proto';
import client from 'prom-client';
import { metrics } from '@hub/runtime';

type ReadParts = () => Promise<Record<string, SupervisedProcess> | undefined>;

/** Where the counters read at each scrape (the launcher's report); one per stack in tests. */
const sources = new Set<ReadParts>();
let registered = false;

/**
 * The launcher's restarts of each part, as Prometheus counters (read from its report when
 * scraped), and whether a part is failing now. Returns the removal.
 */
export function exposeSupervisionMetrics(readParts: ReadParts): () => void {
  if (!registered) registerMetrics();
  registered = true;
  sources.add(readParts);
  return () => sources.delete(readParts);
}

async function allParts(): Promise<[string, SupervisedProcess][]> {
  const reports = await Promise.all([...sources].map((read) => read()));
  return reports.flatMap((parts) => Object.entries(parts ?? {}));
}

function registerMetrics(): void {
  new client.Counter({
    name: 'hub_process_restarts_total',
    help: 'Restarts of a part (service, worker, Redis, PostgreSQL) by the launcher after it ended unexpectedly',
    // Not `process`: every metric of this process already carries that default label.
    labelNames: ['part'] as const,
    registers: [metrics],
    async collect() {
      this.reset();
      for (const [part, report] of await allParts()) this.inc({ part }, report.restarts);
    },
  });
  new client.Gauge({
    name: 'hub_process_failing',
    help: '1 while a part crashes and is being restarted, until it stays up again',
    labelNames: ['part'] as const,
    registers: [metrics],
    async collect() {
      this.reset();
      for (const [part, report] of await allParts()) {
        this.set({ part }, report.failing || report.state !== 'running' ? 1 : 0);
      }
    },
  });
}
