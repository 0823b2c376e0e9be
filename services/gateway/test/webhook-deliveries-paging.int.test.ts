import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type WebhookDeliveryList, type WebhookDeliveryStatus } from '@hub/proto';
import { expectError, parseAnswer } from './api-client.js';
import { signedIn } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, type TestStack } from './test-stack.js';

/**
 * An endpoint's delivery log pages with a cursor, newest first: an organization whose receiver
 * was down for a day has thousands of deliveries, and the failed ones past the newest page must
 * still be found and replayed.
 */

let stack: TestStack;
let acmeAdmin: ApiSession;
let globexAdmin: ApiSession;
let acme: number;
let globex: number;

async function admin(organizationId: number, email: string) {
  const password = 'Admin-Pass-1!';
  await stack.createUser({ email, password, role: 'admin', organizationId });
  return signedIn(stack, email, password);
}

async function register(session: ApiSession, path: string) {
  const answer = await session.send(api.createWebhook, {
    body: { url: `http://127.0.0.2:9/${path}`, events: ['certification.revoked'] },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return parseAnswer(api.createWebhook, answer).webhook.id;
}

/**
 * `count` deliveries of an endpoint, three to a timestamp (so ties need the id) with
 * microseconds a JavaScript Date would drop, every third one failed, the oldest among them.
 */
async function logged(endpointId: number, organizationId: number, count: number) {
  await stack.sql.query(
    `INSERT INTO identity.webhook_deliveries
       (endpoint_id, organization_id, event_id, message_id, event_type, payload, status, error,
        created_at)
     SELECT $1::int, $2::int, 'certification.revoked:' || $1 || '-' || i, 'msg_' || $1 || '_' || i,
            'certification.revoked', '{}', CASE WHEN i % 3 = 1 THEN 'failed' ELSE 'succeeded' END,
            CASE WHEN i % 3 = 1 THEN 'HTTP 503' END,
            timestamptz '2026-06-01 00:00:00.123456+00' + (i / 3) * interval '1.000001 second'
       FROM generate_series(1, $3::int) AS i`,
    [endpointId, organizationId, count],
  );
}

const newestFirst = async (endpointId: number, status?: WebhookDeliveryStatus) =>
  (
    await stack.sql.query<{ id: number }>(
      `SELECT id FROM identity.webhook_deliveries
        WHERE endpoint_id = $1 AND ($2::text IS NULL OR status = $2)
        ORDER BY created_at DESC, id DESC`,
      [endpointId, status ?? null],
    )
  ).rows.map((row) => row.id);

/** Follows nextCursor from the first page to the last. */
async function walk(
  session: ApiSession,
  webhookId: number,
  limit: number,
  status?: WebhookDeliveryStatus,
) {
  const pages: WebhookDeliveryList[] = [];
  let cursor: string | null = null;
  do {
    const page: WebhookDeliveryList = await session.call(api.webhookDeliveries, {
      params: { id: webhookId },
      query: { limit, ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) },
    });
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor !== null && pages.length < 50);
  return { ids: pages.flatMap((page) => page.deliveries.map((row) => row.id)), pages };
}

beforeAll(async () => {
  // Nothing listens there: a replay is queued and fails, which this test does not wait for.
  stack = await startTestStack({ WEBHOOK_ALLOWED_NETWORKS: '127.0.0.2/32' });
  [acme, globex] = await Promise.all([
    stack.createOrganization('Acme Foods', 'acme.test'),
    stack.createOrganization('Globex Plant', 'globex.test'),
  ]);
  acmeAdmin = await admin(acme, 'admin@acme.test');
  globexAdmin = await admin(globex, 'admin@globex.test');
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

describe("an endpoint's delivery log", () => {
  it('pages every delivery past the newest 100, each once, newest first', async () => {
    const webhookId = await register(acmeAdmin, 'down-for-a-day');
    const other = await register(acmeAdmin, 'another');
    await logged(webhookId, acme, 250);
    await logged(other, acme, 5);

    const { ids, pages } = await walk(acmeAdmin, webhookId, 100);
    expect(ids).toEqual(await newestFirst(webhookId));
    expect(pages.map((page) => page.deliveries.length)).toEqual([100, 100, 50]);
    expect(pages.every((page) => page.totalCount === 250)).toBe(true);

    // The oldest failed one, past the first pages, is found and replayed.
    const oldest = pages.at(-1)!.deliveries.at(-1)!;
    expect(oldest).toMatchObject({ status: 'failed', error: 'HTTP 503' });
    const replayed = await acmeAdmin.send(api.replayWebhookDelivery, {
      params: { id: webhookId, deliveryId: oldest.id },
    });
    expect(replayed.status, JSON.stringify(replayed.body)).toBe(201);
  });

  it('pages the failed ones alone when asked, with their own count', async () => {
    const webhookId = await register(acmeAdmin, 'failed-only');
    await logged(webhookId, acme, 250);
    const { ids, pages } = await walk(acmeAdmin, webhookId, 30, 'failed');
    expect(ids).toEqual(await newestFirst(webhookId, 'failed'));
    expect(ids).toHaveLength(84);
    expect(pages.every((page) => page.totalCount === 84)).toBe(true);
    expect(pages.flatMap((page) => page.deliveries).every((row) => row.status === 'failed')).toBe(
      true,
    );
  });

  it('answers the newest page when no cursor is sent, and the other endpoint its own', async () => {
    const webhookId = await register(acmeAdmin, 'first-page');
    await logged(webhookId, acme, 130);
    const first = await acmeAdmin.call(api.webhookDeliveries, { params: { id: webhookId } });
    expect(first.totalCount).toBe(130);
    expect(first.nextCursor).not.toBeNull();
    expect(first.deliveries.map((row) => row.id)).toEqual(
      (await newestFirst(webhookId)).slice(0, first.deliveries.length),
    );
    // Another organization's administrator reads none of it, on any page.
    await expectError(
      globexAdmin.call(api.webhookDeliveries, {
        params: { id: webhookId },
        query: { cursor: first.nextCursor! },
      }),
      404,
    );
  });

  it('refuses a cursor it did not answer with a 400 naming it', async () => {
    const webhookId = await register(acmeAdmin, 'garbled');
    const forged = Buffer.from('["not a time","1"]').toString('base64url');
    for (const cursor of ['%%%', 'bm9wZQ', forged]) {
      const answer = await expectError(
        acmeAdmin.call(api.webhookDeliveries, { params: { id: webhookId }, query: { cursor } }),
        400,
      );
      expect(answer.message).toMatch(/cursor/);
    }
  });
});
