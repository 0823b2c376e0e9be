import { createServer, type AddressInfo } from 'node:net';
import { createTransport } from 'nodemailer';
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

describe('why a mail was not handed over, as nodemailer says it', () => {
  it("names a refused connection though nodemailer's code is ESOCKET (the socket's kept as originalCode)", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const sending = createTransport(`smtp://127.0.0.1:${port}`).sendMail({
      from: 'hub@acme.test',
      to: 'uma@acme.test',
      text: 'x',
    });
    const error = await sending.catch((failure: unknown) => failure);
    expect(mailFailureDetail(error)).toBe(FAILURE_REASONS.network_refused);
  });

  it("keeps the reply's enhanced status code: a bad mailbox (5.1.1) is not a relay refused (5.7.1)", () => {
    const refused = Object.assign(new Error("Can't send mail"), {
      responseCode: 550,
      response: '550 5.7.1 <uma@acme.test>: Relay access denied',
    });
    expect(mailFailureDetail(refused)).toBe('SMTP 550 5.7.1');
  });
});
