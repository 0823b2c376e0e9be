import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { api } from './routes.js';

/**
 * A route whose answer carries a credential shown once: a token's secret, a webhook's signing
 * secret, a sensor token.
 */
const answersASecret = (response: unknown) =>
  response instanceof z.ZodObject && ('secret' in response.shape || 'token' in response.shape);

/** The routes that list, mint or revoke the organization's API or SCIM tokens. */
const managesTokens = (path: string) => /^\/api\/(api|scim)-tokens(\/|$)/.test(path);

describe('what an API token may never call', () => {
  it('every route that answers a secret or manages tokens is for a signed-in session only', () => {
    const open = Object.entries(api)
      .filter(([, route]) => answersASecret(route.response) || managesTokens(route.path))
      .filter(([, route]) => route.sessionOnly !== true)
      .map(([name]) => name);
    expect(open).toEqual([]);
  });

  it("every route that changes the caller's own account is for a signed-in session only", () => {
    const open = Object.entries(api)
      .filter(([, route]) => route.path.startsWith('/api/user/') && route.method !== 'GET')
      .filter(([, route]) => route.sessionOnly !== true)
      .map(([name]) => name);
    expect(open).toEqual([]);
  });
});
