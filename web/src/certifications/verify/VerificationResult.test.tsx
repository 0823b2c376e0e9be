import type { CertificationVerification } from '@hub/proto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { VerificationResult } from './VerificationResult';
import { ApiError } from '../../api/client';
import { outcomeOfError, verdictOf, type VerifyOutcome } from './verification';

const CODE = 'ABCD-EFGH-JKMN';

const verification = (state: CertificationVerification['state']): CertificationVerification => ({
  valid: state === 'active' || state === 'expiring_soon',
  state,
  holderName: 'Otto Operator',
  title: 'Cooling cooked food',
  // Noon UTC: the same calendar day in every zone the machine may run in.
  issuedAt: '2026-01-31T12:00:00.000Z',
  expiresAt: '2027-01-31T12:00:00.000Z',
});

const render = (outcome: VerifyOutcome) =>
  renderToStaticMarkup(createElement(VerificationResult, { code: CODE, outcome }));

// The language is i18n's state, shared with the files the worker runs next (unit's isolate: false).
beforeEach(() => i18n.changeLanguage('es'));
afterEach(() => i18n.changeLanguage('en'));

/**
 * A paper certificate's "Verify at" address opened the JSON API: English keys and ISO dates for
 * an auditor or another employer who is not signed in. The page says it in the reader's words.
 */
describe('the public verification of a certificate, read in Spanish', () => {
  it('says a certificate in force is valid, whose it is, what it certifies and its dates', () => {
    const markup = render({ status: 'found', verification: verification('active') });
    expect(markup).toContain('Certificado válido');
    expect(markup).toContain('Otto Operator');
    expect(markup).toContain('Cooling cooked food');
    expect(markup).toContain('Emitido');
    expect(markup).toContain('31 ene 2026');
    expect(markup).toContain('31 ene 2027');
    expect(markup).toContain(CODE);
    expect(markup).not.toContain('2026-01-31');
    expect(markup).not.toContain('Valid');
  });

  it('says a revoked certificate is no longer valid', () => {
    const markup = render({ status: 'found', verification: verification('revoked') });
    expect(markup).toContain('Certificado revocado');
    expect(markup).toContain('ya no es válido');
    expect(markup).toContain('Otto Operator');
    expect(markup).toContain('Fecha de vencimiento');
    expect(markup).not.toContain('Certificado válido');
    expect(markup).not.toContain('Válido hasta');
  });

  it('says an expired certificate has expired, with the day it did', () => {
    const markup = render({ status: 'found', verification: verification('expired') });
    expect(markup).toContain('Certificado vencido');
    expect(markup).toContain('31 ene 2027');
  });

  it('says no certificate has an unknown code, naming the code read', () => {
    const markup = render({ status: 'unknown' });
    expect(markup).toContain('Ningún certificado tiene este código');
    expect(markup).toContain(CODE);
    expect(markup).not.toContain('Otto Operator');
  });

  it('says too many checks came from the network when the server refuses with 429', () => {
    const retry = () => {};
    const refused = ApiError.fromBody(429, { message: 'Too many certificate checks' }, 42_000);
    const outcome = outcomeOfError(refused, retry);
    expect(outcome).toEqual({ status: 'rateLimited', retry });
    const markup = render(outcome);
    expect(markup).toContain('Demasiadas comprobaciones');
    expect(markup).toContain('Espere un minuto');
    expect(markup).toContain('Reintentar');
    expect(markup).not.toContain('No se pudo comprobar el certificado');
  });

  it('reads 404 and 400 as an unknown code, anything else as a retry', () => {
    const retry = () => {};
    expect(outcomeOfError(ApiError.fromBody(404, {}), retry)).toEqual({ status: 'unknown' });
    expect(outcomeOfError(ApiError.fromBody(400, {}), retry)).toEqual({ status: 'unknown' });
    expect(outcomeOfError(ApiError.fromBody(503, {}), retry)).toEqual({
      status: 'unreachable',
      retry,
    });
    expect(outcomeOfError(new TypeError('Failed to fetch'), retry)).toEqual({
      status: 'unreachable',
      retry,
    });
  });

  it('counts a certificate expiring soon as valid, and only the three verdicts', () => {
    expect(verdictOf(verification('active'))).toBe('valid');
    expect(verdictOf(verification('expiring_soon'))).toBe('valid');
    expect(verdictOf(verification('expired'))).toBe('expired');
    expect(verdictOf(verification('revoked'))).toBe('revoked');
  });
});
