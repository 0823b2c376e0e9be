import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { z } from 'zod';
import { readConfig } from '../config/config.js';
import { trimMallocHeaps } from './malloc-trim.js';

/**
 * Why a process gives its memory back once it falls idle (issue #49 item 5): V8 returns a
 * heap's pages to the system only at a GC that reduces memory, which its memory reducer starts
 * when it sees a low allocation rate at a GC; an idle process does no GC, so it kept its peak
 * size for minutes after a load (identity 126 → 163 → 140 MiB, gateway 135 → 149 → 138 a
 * minute after 100 users for 90 s; docs/benchmarks.md, Memory). After a busy spell, once the
 * event loop has stayed idle, one memory-reducing full GC ("last resort": V8's collection of
 * all available garbage with its memory footprint reduced), then nothing until the next busy
 * spell. It runs only while nothing is being served, so no request waits on it. After the GC the C
 * allocator gives back its free pages too (malloc-trim.ts), and work done off the event loop (a
 * thread that ended) asks for the same with `releaseMemoryAfterWork()`.
 */
export interface IdlePolicy {
  /** How often the event loop's utilization is read. */
  intervalMs: number;
  /** An interval at least this busy (share of time the loop ran) makes the process dirty. */
  busy: number;
  /** An interval at most this busy counts as idle. */
  idle: number;
  /** Idle intervals in a row before the GC. */
  idleIntervals: number;
}

export const IDLE_POLICY: IdlePolicy = {
  intervalMs: 5_000,
  busy: 0.05,
  idle: 0.01,
  idleIntervals: 2,
};

/**
 * The interval, RELEASE_MEMORY_IDLE_CHECK_MS: 5 s as deployed, where a quiet spell of 10 s is
 * worth a GC; shorter for a test that waits for the release (a second: ~2 s after the work
 * instead of ~10). At least 100 ms, as an interval much shorter than the process's own timers
 * would read its quiet as busy.
 */
export const IdlePolicyEnv = z.object({
  RELEASE_MEMORY_IDLE_CHECK_MS: z.coerce.number().int().min(100).default(IDLE_POLICY.intervalMs),
});

/** IDLE_POLICY with the interval this environment sets; a bad value throws a ConfigError. */
export function idlePolicy(env: NodeJS.ProcessEnv = process.env): IdlePolicy {
  return {
    ...IDLE_POLICY,
    intervalMs: readConfig(IdlePolicyEnv, env).RELEASE_MEMORY_IDLE_CHECK_MS,
  };
}

export interface IdleState {
  /** Work was done since the last GC. */
  dirty: boolean;
  /** Idle intervals in a row since. */
  quiet: number;
}

/** The state after one interval of this utilization, and whether to collect now. */
export function afterInterval(
  state: IdleState,
  utilization: number,
  policy: IdlePolicy = IDLE_POLICY,
): { state: IdleState; collect: boolean } {
  const dirty = state.dirty || utilization >= policy.busy;
  const quiet = utilization <= policy.idle ? state.quiet + 1 : 0;
  if (dirty && quiet >= policy.idleIntervals) {
    return { state: { dirty: false, quiet: 0 }, collect: true };
  }
  return { state: { dirty, quiet }, collect: false };
}

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
let collector: Collect | undefined;

/** One full GC that also shrinks the heap and returns its free pages to the system. */
export function collectReducingMemory(): void {
  if (!collector) {
    // The gc() of V8's extension, taken from a fresh context: it exists there once exposed,
    // without a node flag that compose and the manifests would each have to repeat.
    setFlagsFromString('--expose-gc');
    collector = runInNewContext('gc') as Collect;
  }
  collector({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

let releaseAsked = false;

/**
 * Asks for memory to be given back at the next idle release though the event loop was not busy:
 * work done elsewhere (a thread that ended, freeing its memory) leaves its utilization low.
 */
export function releaseMemoryAfterWork(): void {
  releaseAsked = true;
}

/** Whether a release was asked for since the last call. */
export function takeReleaseAsked(): boolean {
  const asked = releaseAsked;
  releaseAsked = false;
  return asked;
}

/** The GC and the allocator's trim: what a process gives back once idle. */
function releaseNow(): void {
  collectReducingMemory();
  trimMallocHeaps();
}

/**
 * One interval's step: reads the loop's utilization since the last step and releases once idle
 * after a busy spell. The release's own time is not counted as the process's work: a GC of a few
 * hundred milliseconds in a 5 s interval would read as busy and start the next release, one every
 * few intervals in a process that does nothing.
 */
export function idleReleaseStep(
  policy: IdlePolicy = IDLE_POLICY,
  read: () => EventLoopUtilization = () => performance.eventLoopUtilization(),
  release: () => void = releaseNow,
): () => void {
  let state: IdleState = { dirty: false, quiet: 0 };
  let previous = read();
  return () => {
    const now = read();
    const next = afterInterval(
      { ...state, dirty: takeReleaseAsked() || state.dirty },
      performance.eventLoopUtilization(now, previous).utilization,
      policy,
    );
    state = next.state;
    previous = now;
    if (!next.collect) return;
    release();
    previous = read();
  };
}

/**
 * Watches the event loop and collects after each busy spell once idle; returns the stop. By
 * default at the environment's interval (idlePolicy).
 */
export function releaseMemoryWhenIdle(policy: IdlePolicy = idlePolicy()): () => void {
  const timer = setInterval(idleReleaseStep(policy), policy.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
