import { Logger } from '@nestjs/common';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RecurringSweep, type SweepRun, type SweepSchedule } from './recurring-sweep.js';

/** A sweep whose work the test holds: each run waits for release(), and notes what it was told. */
class HeldSweep extends RecurringSweep<number> {
  readonly runs: SweepRun[] = [];
  failWith: Error | null = null;
  private releases: (() => void)[] = [];

  constructor(schedule: Partial<SweepSchedule<number>> = {}) {
    super('Test', { failed: -1, ...schedule });
  }

  /** Ends every run under way. */
  release(): void {
    for (const release of this.releases.splice(0)) release();
  }

  protected async work(run: SweepRun): Promise<number> {
    this.runs.push(run);
    await new Promise<void>((resolve) => this.releases.push(resolve));
    if (this.failWith) throw this.failWith;
    return this.runs.length;
  }
}

/** Lets the promises settled so far run their callbacks. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('a recurring sweep', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    // The spies first: one on the fake setInterval would otherwise be put back after it.
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('sweeps at start, then every interval, on a timer that holds no process open', async () => {
    const sweep = new HeldSweep({ everyMs: 1000 });
    const timers = vi.spyOn(globalThis, 'setInterval');
    sweep.start();
    expect(sweep.runs).toHaveLength(1);
    const timer = timers.mock.results[0]?.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    sweep.release();
    await vi.advanceTimersByTimeAsync(999);
    expect(sweep.runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sweep.runs).toHaveLength(2);
    sweep.release();
    await sweep.stop();
  });

  it('sweeps first one interval after start when told to, hourly unless told otherwise', async () => {
    const sweep = new HeldSweep({ atStart: false });
    sweep.start();
    expect(sweep.runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(60 * 60_000 - 1);
    expect(sweep.runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sweep.runs).toHaveLength(1);
    sweep.release();
    await sweep.stop();
  });

  it('takes the interval start is given over its own', async () => {
    const sweep = new HeldSweep({ everyMs: 1000, atStart: false });
    sweep.start(50);
    await vi.advanceTimersByTimeAsync(50);
    expect(sweep.runs).toHaveLength(1);
    sweep.release();
    await sweep.stop();
  });

  it('never overlaps: a tick or a call while a sweep is under way joins it', async () => {
    const sweep = new HeldSweep({ everyMs: 1000 });
    sweep.start();
    const asked = sweep.sweep();
    await vi.advanceTimersByTimeAsync(3000);
    expect(sweep.runs).toHaveLength(1);
    sweep.release();
    expect(await asked).toBe(1);
    const next = sweep.sweep();
    sweep.release();
    expect([await next, sweep.runs.length]).toEqual([2, 2]);
    await sweep.stop();
  });

  it('logs a failure at its level and answers the failed value, then sweeps again', async () => {
    const warn = vi.spyOn(Logger.prototype, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => {});
    const sweep = new HeldSweep({ failureLevel: 'error' });
    sweep.failWith = new Error('database away');
    const failing = sweep.sweep();
    sweep.release();
    expect(await failing).toBe(-1);
    expect(error).toHaveBeenCalledWith('Test sweep failed: Error: database away');
    expect(warn).not.toHaveBeenCalled();
    sweep.failWith = null;
    const next = sweep.sweep();
    sweep.release();
    expect(await next).toBe(2);
  });

  it('logs a failure as a warning unless told otherwise, a work throwing at once included', async () => {
    const warn = vi.spyOn(Logger.prototype, 'warn').mockImplementation(() => {});
    class Throwing extends RecurringSweep<string> {
      constructor() {
        super('Throwing', { failed: 'none' });
      }
      protected work(): Promise<string> {
        throw new Error('not a promise');
      }
    }
    expect(await new Throwing().sweep()).toBe('none');
    expect(warn).toHaveBeenCalledWith('Throwing sweep failed: Error: not a promise');
  });

  it('hands the work the time it sweeps as of, now unless given', async () => {
    vi.setSystemTime(new Date('2026-01-02T03:04:05Z'));
    const sweep = new HeldSweep();
    const now = sweep.sweep();
    sweep.release();
    await now;
    const earlier = sweep.sweep(new Date('2025-12-31T00:00:00Z'));
    sweep.release();
    await earlier;
    expect(sweep.runs.map((run) => run.now.toISOString())).toEqual([
      '2026-01-02T03:04:05.000Z',
      '2025-12-31T00:00:00.000Z',
    ]);
  });

  it('stops: no more ticks, the work told it is stopping, stop waiting for the sweep under way', async () => {
    const sweep = new HeldSweep({ everyMs: 1000 });
    sweep.start();
    let stopped = false;
    const stopping = sweep.stop().then(() => (stopped = true));
    await settle();
    expect([stopped, sweep.runs[0]?.stopping()]).toEqual([false, true]);
    sweep.release();
    await stopping;
    await vi.advanceTimersByTimeAsync(5000);
    expect(sweep.runs).toHaveLength(1);
  });
});
