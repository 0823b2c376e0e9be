import { describe, expect, it } from 'vitest';
import { refusedForGood } from './mailer.js';

describe('a mail refused for good', () => {
  it('is a 5xx reply of the mail server; a 4xx, a lost connection or anything else may pass later', () => {
    expect(
      refusedForGood(Object.assign(new Error('550 5.1.1 no such user'), { responseCode: 550 })),
    ).toBe(true);
    expect(refusedForGood(Object.assign(new Error('451 try later'), { responseCode: 451 }))).toBe(
      false,
    );
    expect(
      refusedForGood(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' })),
    ).toBe(false);
    expect(refusedForGood(null)).toBe(false);
  });
});
