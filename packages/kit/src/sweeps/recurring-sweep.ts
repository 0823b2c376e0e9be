import { Logger } from '@nestjs/common';

const HOUR_MS = 60 * 60_000;

/** What a sweep's work is handed. */
export interface SweepRun {
  /** The time the sweep counts ages from: now, unless a test moved it forward. */
  now: Date;
  /** Whether the sweep was stopped: work in batches ends after the batch under way. */
  stopping(): boolean;
}

/** How a sweep recurs, and what it answers when its work failed. */
export interface SweepSchedule<T> {
  /** What sweep() answers when its work failed (logged). */
  failed: T;
  /** Between two sweeps; hourly unless told. */
  everyMs?: number;
  /** Whether the first sweep runs at start (unless told) or one interval later. */
  atStart?: boolean;
  /** The level a failure is logged at; warn unless told. */
  failureLevel?: 'warn' | 'error';
}

/**
 * Work run at start (or one interval later) and then every interval, as each retention, recovery
 * and stall sweep of the services declares by extending it with its work: one sweep at a time
 * (a tick or a call while one is under way joins it, so a slow one is never overlapped); a failure
 * logged, never thrown (a timer calls it); a timer that holds no process open; and stop() ends the
 * timer and answers once the sweep under way is over, its work reading `stopping()` between
 * batches to end early.
 */
export abstract class RecurringSweep<T> {
  protected readonly logger: Logger;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<T> | null = null;
  private stopped = false;

  constructor(
    private readonly name: string,
    private readonly schedule: SweepSchedule<T>,
  ) {
    this.logger = new Logger(name);
  }

  /** Sweeps every `everyMs`: the schedule's interval unless a test gives another. */
  start(everyMs = this.schedule.everyMs ?? HOUR_MS): void {
    if (this.schedule.atStart ?? true) void this.sweep();
    this.timer = setInterval(() => void this.sweep(), everyMs);
    this.timer.unref();
  }

  /** Stops sweeping; answers once the sweep under way (told it is stopping) is over. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /**
   * The sweep's answer, or the schedule's `failed` when its work failed (logged). Joins the
   * sweep under way, if any, whatever `now` it was given.
   */
  sweep(now = new Date()): Promise<T> {
    this.running ??= this.guarded({ now, stopping: () => this.stopped }).finally(
      () => (this.running = null),
    );
    return this.running;
  }

  /** The sweep's own work; what it throws is logged by the sweep. */
  protected abstract work(run: SweepRun): Promise<T>;

  private async guarded(run: SweepRun): Promise<T> {
    try {
      return await this.work(run);
    } catch (error) {
      const level = this.schedule.failureLevel ?? 'warn';
      this.logger[level](`${this.name} sweep failed: ${String(error)}`);
      return this.schedule.failed;
    }
  }
}
