import { readFileSync } from 'node:fs';

/** What a load run measures: latency and errors per route, and the processes' memory. */

export interface RouteFigures {
  route: string;
  requests: number;
  errors: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

const percentile = (sorted: number[], share: number) =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

export class Recorder {
  private readonly latencies = new Map<string, number[]>();
  private readonly failures = new Map<string, number>();
  /** The first few failures, word for word, for the report. */
  readonly samples: string[] = [];

  record(route: string, ms: number, failure?: string): void {
    const list = this.latencies.get(route) ?? [];
    list.push(ms);
    this.latencies.set(route, list);
    if (failure === undefined) return;
    this.failures.set(route, (this.failures.get(route) ?? 0) + 1);
    if (this.samples.length < 20) this.samples.push(`${route}: ${failure}`);
  }

  get requests(): number {
    return [...this.latencies.values()].reduce((sum, list) => sum + list.length, 0);
  }

  get errors(): number {
    return [...this.failures.values()].reduce((sum, count) => sum + count, 0);
  }

  routes(): RouteFigures[] {
    return [...this.latencies.entries()]
      .map(([route, list]) => {
        const sorted = [...list].sort((a, b) => a - b);
        return {
          route,
          requests: list.length,
          errors: this.failures.get(route) ?? 0,
          p50Ms: Math.round(percentile(sorted, 0.5)),
          p95Ms: Math.round(percentile(sorted, 0.95)),
          maxMs: Math.round(sorted.at(-1) ?? 0),
        };
      })
      .sort((a, b) => a.route.localeCompare(b.route));
  }
}

export interface MemoryFigures {
  process: string;
  samples: number;
  /** Median RSS of the first and of the last quarter of the run, after the warm-up. */
  startMiB: number;
  endMiB: number;
  maxMiB: number;
  growthPercent: number;
}

const rssMiB = (pid: number): number | undefined => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kib === undefined ? undefined : Number(kib) / 1024;
  } catch {
    return undefined;
  }
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Samples the resident memory of each process every `intervalMs` (Linux /proc). */
export class MemorySampler {
  private readonly series = new Map<string, number[]>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pids: Map<string, number>,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.intervalMs);
  }

  stop(): MemoryFigures[] {
    clearInterval(this.timer);
    this.sample();
    return [...this.series.entries()].map(([name, all]) => {
      // The first fifth is the warm-up (JIT, caches, pools filling): not what "flat" is about.
      const values = all.slice(Math.floor(all.length / 5));
      const quarter = Math.max(1, Math.floor(values.length / 4));
      const start = median(values.slice(0, quarter));
      const end = median(values.slice(-quarter));
      return {
        process: name,
        samples: all.length,
        startMiB: Math.round(start),
        endMiB: Math.round(end),
        maxMiB: Math.round(Math.max(...all)),
        growthPercent: start > 0 ? Math.round(((end - start) / start) * 1000) / 10 : 0,
      };
    });
  }

  private sample(): void {
    for (const [name, pid] of this.pids) {
      const value = rssMiB(pid);
      if (value === undefined) continue;
      const list = this.series.get(name) ?? [];
      list.push(value);
      this.series.set(name, list);
    }
  }
}
