import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@hub/proto';
import { type CallOptions, type Contract, errorOf } from './api-client.js';
import { API_TOKEN_SESSION_ONLY } from '../src/api-tokens/api-token-authenticator.js';
import { signedIn } from './tenant-fixtures.js';
import { ApiSession, startTestStack, type TestStack } from './test-stack.js';

/**
 * An API token never changes its creator's own face references (docs/decisions.md, "Corrections
 * of the fourth review"): not through the routes of their own, nor through an administrator's
 * routes of a member naming themselves. A member's references stay the token's to manage.
 */

let stack: TestStack;
let admin: ApiSession;
let adminId: number;
let memberId: number;

beforeAll(async () => {
  stack = await startTestStack();
  const organizationId = await stack.createOrganization('Acme Foods', 'acme.test');
  const password = 'admin-Pass-1!';
  adminId = await stack.createUser({
    email: 'admin@acme.test',
    password,
    role: 'admin',
    organizationId,
  });
  memberId = await stack.createUser({
    email: 'operator@acme.test',
    password: 'operator-Pass-1!',
    role: 'operator',
    organizationId,
  });
  admin = await signedIn(stack, 'admin@acme.test', password);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

/** A program's client: no cookie, only the bearer header. */
function withToken(secret: string) {
  const client = new ApiSession(stack.url);
  return <R extends Contract>(route: R, options: CallOptions<R> = {}) =>
    client.send(route, {
      ...options,
      headers: { authorization: `Bearer ${secret}`, ...options.headers },
    });
}

describe("an administrator's API token and their own face references", () => {
  it('is refused the member routes naming its creator, as it is their own routes', async () => {
    const { secret } = await admin.call(api.createApiToken, {
      body: { name: 'HR system', role: 'admin', readOnly: false, expiresInDays: 30 },
    });
    const send = withToken(secret);
    const own = [
      send(api.addMemberFaceReference, { params: { id: adminId } }),
      send(api.deleteMemberFaceReference, { params: { id: adminId, referenceId: 1 } }),
    ];
    for (const answer of await Promise.all(own)) {
      expect(answer.status).toBe(403);
      expect(errorOf(answer).message).toBe(API_TOKEN_SESSION_ONLY);
    }
    // A member's references are still the token's to manage: no such photo, not refused.
    const theirs = await send(api.deleteMemberFaceReference, {
      params: { id: memberId, referenceId: 1 },
    });
    expect(theirs.status).toBe(404);
    // And the administrator's own session may.
    const session = await admin.send(api.deleteMemberFaceReference, {
      params: { id: adminId, referenceId: 1 },
    });
    expect(session.status).toBe(404);
  });
});
