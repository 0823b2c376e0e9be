import { describe, expect, it } from 'vitest';
import { nextRestart, RESTART_POLICY } from './supervision.mjs';

describe('the restart policy', () => {
  it('doubles the pause with each recent crash, up to the ceiling', () => {
    const now = 1_000_000;
    expect(nextRestart([now], now)).toEqual({ giveUp: false, delayMs: 1000, recent: 1 });
    expect(nextRestart([now - 2, now - 1, now], now).delayMs).toBe(4000);
    const policy = { ...RESTART_POLICY, loopCrashes: 100 };
    expect(nextRestart(Array<number>(20).fill(now), now, policy).delayMs).toBe(30_000);
  });

  it('gives up on a crash loop only', () => {
    const now = 1_000_000;
    const loop = [now - 4, now - 3, now - 2, now - 1, now];
    expect(nextRestart(loop, now).giveUp).toBe(true);
    // The same number of crashes spread beyond the window is no loop: it starts afresh.
    const spread = loop.map((time, index) => time - index * RESTART_POLICY.loopWindowMs);
    expect(nextRestart(spread, now)).toMatchObject({ giveUp: false, delayMs: 1000, recent: 1 });
  });
});
