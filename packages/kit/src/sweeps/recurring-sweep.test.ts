import { describe, expect, it } from 'vitest';
import { RecurringSweep } from './recurring-sweep.js';

describe('a recurring sweep', () => {
  it('runs one sweep at a time: a second asked meanwhile joins the first', async () => {
    let release!: () => void;
    let calls = 0;
    const sweep = new RecurringSweep('Test', () => {
      calls += 1;
      return new Promise<number>((resolve) => (release = () => resolve(7)));
    });
    const first = sweep.run();
    const second = sweep.run();
    release();
    expect([await first, await second, calls]).toEqual([7, 7, 1]);
    const third = sweep.run();
    release();
    expect([await third, calls]).toEqual([7, 2]);
  });

  it('answers undefined for a sweep that failed, and sweeps again the next time', async () => {
    let fail = true;
    const sweep = new RecurringSweep('Test', () =>
      fail ? Promise.reject(new Error('database away')) : Promise.resolve(3),
    );
    expect(await sweep.run()).toBeUndefined();
    fail = false;
    expect(await sweep.run()).toBe(3);
  });

  it('tells the work it is stopping, and stop waits for the sweep under way', async () => {
    const seen: boolean[] = [];
    let release!: () => void;
    const sweep = new RecurringSweep('Test', async (stopping) => {
      seen.push(stopping());
      await new Promise<void>((resolve) => (release = resolve));
      seen.push(stopping());
      return seen.length;
    });
    sweep.start(60_000);
    let stopped = false;
    const stopping = sweep.stop().then(() => (stopped = true));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(seen).toEqual([false, true]);
  });
});
