import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearerSecret } from './bearer.js';

const withAuthorization = (authorization?: string) =>
  ({ headers: authorization === undefined ? {} : { authorization } }) as FastifyRequest;

describe('bearerSecret', () => {
  it('reads the secret of a bearer header, whatever the scheme case and spacing', () => {
    expect(bearerSecret(withAuthorization('Bearer hub_pat_abc'))).toBe('hub_pat_abc');
    expect(bearerSecret(withAuthorization('bearer   hub_pat_abc  '))).toBe('hub_pat_abc');
  });

  it('counts an empty or malformed bearer header as a bearer attempt, never as none', () => {
    expect(bearerSecret(withAuthorization('Bearer'))).toBe('');
    expect(bearerSecret(withAuthorization('Bearer '))).toBe('');
  });

  it('leaves requests without a bearer header to the session cookie', () => {
    expect(bearerSecret(withAuthorization())).toBeUndefined();
    expect(bearerSecret(withAuthorization('Basic dXNlcjpwYXNz'))).toBeUndefined();
    expect(bearerSecret(withAuthorization('Bearerish x'))).toBeUndefined();
  });
});
