import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config.js';
import {
  afterInterval,
  collectReducingMemory,
  IDLE_POLICY,
  idlePolicy,
  idleReleaseStep,
  type IdleState,
} from './idle-memory.js';

/** The collections a run of intervals with these utilizations makes, by interval. */
function collections(utilizations: number[]): number[] {
  let state: IdleState = { dirty: false, quiet: 0 };
  const at: number[] = [];
  utilizations.forEach((utilization, index) => {
    const next = afterInterval(state, utilization, IDLE_POLICY);
    state = next.state;
    if (next.collect) at.push(index);
  });
  return at;
}

describe('the memory given back when a process falls idle', () => {
  it('collects once after a busy spell, when the loop has stayed idle for two intervals', () => {
    expect(collections([0.4, 0.3, 0.005, 0.002, 0.001, 0.001, 0.001])).toEqual([3]);
  });

  it('never collects in a process that was never busy, nor while it works', () => {
    expect(collections([0.001, 0.002, 0.001, 0.003])).toEqual([]);
    expect(collections([0.5, 0.6, 0.5, 0.02, 0.5, 0.4])).toEqual([]);
  });

  it('waits for the quiet to last: an interval of light work starts the count again', () => {
    expect(collections([0.5, 0.005, 0.03, 0.005, 0.005])).toEqual([4]);
  });

  it('collects again after the next busy spell', () => {
    expect(collections([0.5, 0, 0, 0, 0.2, 0, 0])).toEqual([2, 6]);
  });

  it('does not count its own collection as work: one release after a busy spell, not one every few intervals', () => {
    // A loop of counted milliseconds: each interval 5 s idle, the busy spell and the GC active.
    const loop = { idle: 0, active: 0, utilization: 0 };
    const read = () => ({ ...loop });
    let releases = 0;
    const step = idleReleaseStep(IDLE_POLICY, read, () => {
      releases += 1;
      loop.active += 400;
    });
    loop.active += 3_000;
    loop.idle += 2_000;
    step();
    for (let interval = 0; interval < 12; interval += 1) {
      loop.idle += 5_000;
      step();
    }
    expect(releases).toBe(1);
  });

  it('reads the event loop every 5 s unless RELEASE_MEMORY_IDLE_CHECK_MS says otherwise', () => {
    expect(idlePolicy({})).toEqual(IDLE_POLICY);
    expect(IDLE_POLICY.intervalMs).toBe(5_000);
    // A test's process, released a second or two after its work instead of ten.
    expect(idlePolicy({ RELEASE_MEMORY_IDLE_CHECK_MS: '1000' })).toEqual({
      ...IDLE_POLICY,
      intervalMs: 1_000,
    });
    expect(() => idlePolicy({ RELEASE_MEMORY_IDLE_CHECK_MS: '10' })).toThrow(ConfigError);
    expect(() => idlePolicy({ RELEASE_MEMORY_IDLE_CHECK_MS: 'soon' })).toThrow(
      /RELEASE_MEMORY_IDLE_CHECK_MS/,
    );
  });

  it("gives a heap's free pages back to the system", async () => {
    const heapAfterGarbage = () => {
      let kept: object[] = [];
      for (let round = 0; round < 30; round += 1) {
        kept = Array.from({ length: 20_000 }, (_, index) => ({ index, text: `row ${index}` }));
      }
      return kept.length > 0 ? process.memoryUsage().heapTotal : 0;
    };
    const before = heapAfterGarbage();
    collectReducingMemory();
    expect(process.memoryUsage().heapTotal).toBeLessThan(before);
  });
});
