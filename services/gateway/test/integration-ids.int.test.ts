import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@hub/proto';
import { signedIn } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, type TestStack } from './test-stack.js';

/** An id no row can have (past PostgreSQL's integer) is a request's mistake, never a 500. */
const TOO_LARGE = 2 ** 31;

let stack: TestStack;
let admin: ApiSession;

beforeAll(async () => {
  stack = await startTestStack();
  const acme = await stack.createOrganization('Acme Foods', 'acme.test');
  const password = 'Admin-Pass-1!';
  await stack.createUser({
    email: 'admin@acme.test',
    password,
    role: 'admin',
    organizationId: acme,
  });
  admin = await signedIn(stack, 'admin@acme.test', password);
});

afterAll(async () => {
  await stack?.stop();
});

describe('an API token or webhook id past what can exist', () => {
  it('is refused as invalid (400), not answered as a server error', async () => {
    const answers = [
      await admin.send(api.revokeApiToken, { params: { id: TOO_LARGE } }),
      await admin.send(api.deleteWebhook, { params: { id: TOO_LARGE } }),
      await admin.send(api.rotateWebhookSecret, { params: { id: TOO_LARGE } }),
      await admin.send(api.enableWebhook, { params: { id: TOO_LARGE } }),
      await admin.send(api.testWebhook, { params: { id: TOO_LARGE } }),
      await admin.send(api.webhookDeliveries, { params: { id: TOO_LARGE } }),
      await admin.send(api.replayWebhookDelivery, {
        params: { id: 1, deliveryId: TOO_LARGE },
      }),
    ];
    for (const answer of answers) expect(answer.status).toBe(400);
  });
});
