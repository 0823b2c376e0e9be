import { describe, expect, it } from 'vitest';
import { MailPace } from './mail-pace.js';

describe('MailPace', () => {
  it('spaces calls 1000 / perSecond ms apart, on its own clock', async () => {
    let now = 0;
    const slept: number[] = [];
    const pace = new MailPace(
      4,
      async (ms) => {
        slept.push(ms);
        now += ms;
      },
      () => now,
    );
    for (let i = 0; i < 4; i += 1) await pace.wait();
    expect(slept).toEqual([250, 250, 250]);
  });

  it('does not pace at 0', async () => {
    const pace = new MailPace(0, () => Promise.reject(new Error('slept')));
    await pace.wait();
  });
});
