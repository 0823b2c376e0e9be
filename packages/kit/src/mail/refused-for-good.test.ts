import { describe, expect, it } from 'vitest';
import { FAILURE_REASONS } from '@hub/proto';
import { mailFailureDetail, refusedForGood } from './mailer.js';

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

describe('why a mail was not handed over', () => {
  it("keeps the mail server's reply code, not its words; a connection's failure in the catalog's", () => {
    const refused = Object.assign(new Error('550 5.1.1 <uma@acme.test>: mailbox unavailable'), {
      responseCode: 550,
    });
    expect(mailFailureDetail(refused)).toBe('SMTP 550');
    const away = Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:587'), {
      code: 'ECONNREFUSED',
    });
    expect(mailFailureDetail(away)).toBe(FAILURE_REASONS.network_refused);
  });
});
