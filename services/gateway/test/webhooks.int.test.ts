import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { EventBus, openQueue, redisOf } from '@hub/kit';
import { TEST_REDIS_URL } from '@hub/testing';
import {
  api,
  ERROR_TEXTS,
  QUEUE_CONTRACTS,
  QUEUES,
  type WebhookDeliveryView,
  type WebhookEventType,
  type WebhookPayload,
} from '@hub/proto';
import { expectError, parseAnswer } from './api-client.js';
import { openWebhookSecretBox } from '../../identity/src/webhooks/webhook-secrets.js';
import { ATTEMPTS_INTERRUPTED } from '../../identity/src/webhooks/webhook-delivery.js';
import {
  JOB_LOST,
  WebhookDeliveryRecovery,
} from '../../identity/src/webhooks/webhook-delivery-recovery.js';
import { WebhookDeliveryRetention } from '../../identity/src/webhooks/webhook-delivery-retention.js';
import { WebhookDeliveriesRepository } from '../../identity/src/webhooks/webhook-deliveries.repository.js';
import { WebhookEndpointsRepository } from '../../identity/src/webhooks/webhook-endpoints.repository.js';
import { findBinaries } from '../../../workers/video/src/frames/binaries.ts';
import { certifyOperator } from './certify-operator.js';
import { evaluatedDocument } from './evaluated-document.js';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { signedIn } from './tenant-fixtures.js';
import {
  type ApiSession,
  startTestStack,
  SUPER_ADMIN,
  type TestStack,
  waitFor,
} from './test-stack.js';
import { startDocumentWorkers } from './test-workers.js';

/**
 * Webhooks end to end through the stack: registered by an organization's administrator,
 * deliveries verified with the `standardwebhooks` package (a verifier written elsewhere than
 * our signer), retried with the same webhook-id while the receiver is down, refused for
 * private addresses at registration and, after DNS, at delivery, and an endpoint failing for a
 * day disabled with its administrators mailed. The receiver listens on 127.0.0.2, the one
 * loopback address this stack's operator allows (127.0.0.1 and localhost stay refused), and
 * retries start after 50 ms so a test waits for outcomes, never for time.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  answered: number;
}

class Receiver {
  readonly received: Received[] = [];
  /** The status it answers with: 503 plays a receiver that is up but failing. */
  answer = 200;
  /** While set, requests are taken in but answered only once it settles (an attempt in flight). */
  hold: Promise<void> | null = null;
  private server?: Server;
  port = 0;

  async start(port = 0): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const answered = this.answer;
        this.received.push({
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
          answered,
        });
        void (this.hold ?? Promise.resolve()).then(() => res.writeHead(answered).end());
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.2', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Down: nothing listens on its port any more. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  url(path = '/hook') {
    return `http://127.0.0.2:${this.port}${path}`;
  }

  of(messageId: string) {
    return this.received.filter((request) => request.headers['webhook-id'] === messageId);
  }
}

/** The key the stack seals endpoints' secrets with, so a test can write an endpoint itself. */
const WEBHOOK_SECRET_KEY = randomBytes(32).toString('base64');
const secretBox = openWebhookSecretBox({ NODE_ENV: 'test', DATA_DIR: '', WEBHOOK_SECRET_KEY });

let stack: TestStack;
let events: EventBus;
let acmeAdmin: ApiSession;
let acmeManager: ApiSession;
let globexAdmin: ApiSession;
let root: ApiSession;
let acme: number;
let globex: number;

async function member(
  organizationId: number,
  email: string,
  role: 'admin' | 'manager' | 'training_supervisor',
) {
  const password = `${role}-Pass-1!`;
  const id = await stack.createUser({ email, password, role, organizationId });
  const session = await signedIn(stack, email, password);
  return { id, session };
}

beforeAll(async () => {
  stack = await startTestStack({
    WEBHOOK_ALLOWED_NETWORKS: '127.0.0.2/32',
    WEBHOOK_RETRY_BASE_MS: '50',
    WEBHOOK_SECRET_KEY,
  });
  events = new EventBus(TEST_REDIS_URL, stack.redisPrefix);
  [acme, globex] = await Promise.all([
    stack.createOrganization('Acme Foods', 'acme.test'),
    stack.createOrganization('Globex Plant', 'globex.test'),
  ]);
  acmeAdmin = (await member(acme, 'admin@acme.test', 'admin')).session;
  acmeManager = (await member(acme, 'manager@acme.test', 'manager')).session;
  globexAdmin = (await member(globex, 'admin@globex.test', 'admin')).session;
  root = await signedIn(stack, SUPER_ADMIN.email, SUPER_ADMIN.password);
}, 240_000);

afterAll(async () => {
  await events?.close();
  await stack?.stop();
});

async function register(
  admin: ApiSession,
  url: string,
  subscribed: WebhookEventType[] = ['member.removed', 'certification.revoked'],
) {
  const answer = await admin.send(api.createWebhook, { body: { url, events: subscribed } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return parseAnswer(api.createWebhook, answer);
}

async function deliveries(webhookId: number, admin = acmeAdmin): Promise<WebhookDeliveryView[]> {
  return (await admin.call(api.webhookDeliveries, { params: { id: webhookId } })).deliveries;
}

/** An endpoint's route called by its administrator, answering its status (201 when queued). */
const onWebhook = async (
  route: typeof api.testWebhook | typeof api.enableWebhook | typeof api.rotateWebhookSecret,
  id: number,
  admin = acmeAdmin,
) => admin.send(route, { params: { id } });

const replay = (webhookId: number, deliveryId: number, admin = acmeAdmin) =>
  admin.send(api.replayWebhookDelivery, { params: { id: webhookId, deliveryId } });

/** The payload's event id, the same for every endpoint's delivery of one event. */
const EVENT_ID = expect.stringMatching(/^evt_[0-9a-f]{32}$/);

const PRIVATE_REFUSAL =
  'This address cannot receive webhooks: it points to a private or local network, which webhooks may not reach.';

/** A fact as a service announces it, straight on the stack's event bus. */
let facts = 0;
async function announce(organizationId: number, type: WebhookEventType = 'certification.revoked') {
  facts += 1;
  await events.publish({
    type: 'webhook.event',
    organizationId,
    event: {
      id: `${type}:test-${facts}`,
      type,
      occurredAt: new Date().toISOString(),
      data: { certificationId: facts, title: `Fact ${facts}` },
    },
  });
  return facts;
}

function verify(secret: string, request: Received): WebhookPayload {
  return new Webhook(secret).verify(
    request.body,
    request.headers as Record<string, string>,
  ) as WebhookPayload;
}

describe('registering endpoints', () => {
  it('shows the whsec_ secret once and lists the endpoint without it', async () => {
    const receiver = new Receiver();
    await receiver.start();
    const { webhook, secret } = await register(acmeAdmin, receiver.url());
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // The list as sent: a response schema would drop a leaked secret.
    const list = await acmeAdmin.send(api.webhooks);
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(6));
    expect(parseAnswer(api.webhooks, list).webhooks).toContainEqual(
      expect.objectContaining({
        id: webhook.id,
        enabled: true,
        events: ['member.removed', 'certification.revoked'],
      }),
    );
    await receiver.stop();
  });

  it.each([
    'http://127.0.0.1:9/hook',
    'https://127.0.0.1/hook',
    'https://localhost/hook',
    'https://10.1.2.3/hook',
    'https://172.16.0.1/hook',
    'https://192.168.1.1/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/hook',
    'https://0.0.0.0/hook',
    'https://[::1]/hook',
    'https://[fe80::1]/hook',
    'https://[fd00::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::ffff:10.0.0.1]/hook',
  ])('refuses %s (private, loopback or link-local)', async (url) => {
    const { status, body } = await acmeAdmin.send(api.createWebhook, {
      body: { url, events: ['member.joined'] },
    });
    expect(status).toBe(400);
    // Which private address a name resolves to is the operator's to know, never a tenant's.
    expect(body).toMatchObject({ message: PRIVATE_REFUSAL });
  });

  it('refuses an address holding a password, and never shows or logs one kept before', async () => {
    const url = 'https://hook-user:s3cret-pass@8.8.8.8/hook';
    const refused = await expectError(
      acmeAdmin.call(api.createWebhook, { body: { url, events: ['member.joined'] } }),
      400,
    );
    expect(refused.message).toBe(ERROR_TEXTS.webhook_address_credentials);
    const failure = await waitFor(
      async () => (await acmeAdmin.call(api.auditLog, { query: { limit: 50 } })).entries,
      (entries) => entries.some((row) => row.target?.includes('@8.8.8.8/hook') === true),
    );
    expect(JSON.stringify(failure)).not.toContain('s3cret-pass');
    // An endpoint an older release registered with a password: still sent to, listed without it.
    const { webhook } = await register(acmeAdmin, 'https://8.8.8.8/kept');
    await stack.sql.query(`UPDATE webhook_endpoints SET url = $1 WHERE id = $2`, [url, webhook.id]);
    const listed = await acmeAdmin.send(api.webhooks);
    expect(JSON.stringify(listed.body)).not.toContain('s3cret-pass');
    expect(parseAnswer(api.webhooks, listed).webhooks).toContainEqual(
      expect.objectContaining({ id: webhook.id, url: 'https://hook-user:***@8.8.8.8/hook' }),
    );
    await acmeAdmin.call(api.deleteWebhook, { params: { id: webhook.id } });
  });

  it("refuses an organization's 21st endpoint, until one is deleted", async () => {
    const initech = await stack.createOrganization('Initech', 'initech.test');
    const { session: admin } = await member(initech, 'admin@initech.test', 'admin');
    const created = [];
    for (let index = 0; index < 20; index += 1) {
      created.push((await register(admin, `https://8.8.8.8/hook-${index}`)).webhook);
    }
    const body = { url: 'https://8.8.8.8/one-more', events: ['member.joined' as const] };
    const refused = await expectError(admin.call(api.createWebhook, { body }), 400);
    expect(refused.message).toBe(
      'An organization can have at most 20 webhook endpoints. Delete one first.',
    );
    await admin.call(api.deleteWebhook, { params: { id: created[0]!.id } });
    expect((await admin.send(api.createWebhook, { body })).status).toBe(201);
    // Another organization's count is its own.
    const acmes = await acmeAdmin.send(api.createWebhook, { body });
    expect(acmes.status).toBe(201);
    const { webhook } = parseAnswer(api.createWebhook, acmes);
    await acmeAdmin.call(api.deleteWebhook, { params: { id: webhook.id } });
  });

  it('is for administrators, never from a token, and never across organizations', async () => {
    const receiver = new Receiver();
    await receiver.start();
    const { webhook } = await register(acmeAdmin, receiver.url());
    await expectError(acmeManager.call(api.webhooks), 403);
    const joined = { body: { url: receiver.url(), events: ['member.joined' as const] } };
    await expectError(acmeManager.call(api.createWebhook, joined), 403);
    await expectError(deliveries(webhook.id, globexAdmin), 404);
    expect((await onWebhook(api.rotateWebhookSecret, webhook.id, globexAdmin)).status).toBe(404);
    await expectError(globexAdmin.call(api.deleteWebhook, { params: { id: webhook.id } }), 404);
    expect((await globexAdmin.call(api.webhooks)).webhooks).toEqual([]);
    await receiver.stop();
  });
});

describe('delivering events', () => {
  it('signs each delivery as Standard Webhooks says, for the subscribed events of the own organization only', async () => {
    const receiver = new Receiver();
    await receiver.start();
    const { webhook, secret } = await register(acmeAdmin, receiver.url(), ['member.removed']);
    const globexReceiver = new Receiver();
    await globexReceiver.start();
    await register(globexAdmin, globexReceiver.url(), ['member.removed']);
    // A real fact: the super administrator removes an Acme member.
    const leaving = await stack.createUser({
      email: 'leaving@acme.test',
      role: 'operator',
      organizationId: acme,
    });
    await root.call(api.deleteUser, { params: { id: leaving } });
    // Not subscribed: never sent.
    await announce(acme, 'certification.revoked');
    await waitFor(
      () => deliveries(webhook.id),
      (list) => list.some((delivery) => delivery.status === 'succeeded'),
    );
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request!.headers['webhook-id']).toMatch(/^msg_\w+$/);
    expect(request!.headers['webhook-timestamp']).toMatch(/^\d+$/);
    expect(request!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    const payload = verify(secret, request!);
    expect(payload).toEqual({
      type: 'member.removed',
      timestamp: expect.any(String),
      eventId: EVENT_ID,
      data: { userId: leaving },
    });
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(
        request!.body,
        request!.headers as Record<string, string>,
      ),
    ).toThrow();
    const [logged] = await deliveries(webhook.id);
    expect(logged).toMatchObject({
      messageId: request!.headers['webhook-id'],
      eventType: 'member.removed',
      status: 'succeeded',
      attempts: 1,
      responseStatus: 200,
    });
    expect(logged!.responseMs).toBeGreaterThanOrEqual(0);
    // Globex's endpoint hears nothing of Acme.
    expect(globexReceiver.received).toEqual([]);
    await receiver.stop();
    await globexReceiver.stop();
  });

  it('drops an announced event outside its bounds, and delivers the next one', async () => {
    const receiver = new Receiver();
    await receiver.start();
    const { webhook, secret } = await register(acmeAdmin, receiver.url(), ['video.analysed']);
    await events.publish({
      type: 'webhook.event',
      organizationId: acme,
      event: {
        id: 'video.analysed:too-long',
        type: 'video.analysed',
        occurredAt: new Date().toISOString(),
        data: { title: 'x'.repeat(1000) },
      },
    });
    await announce(acme, 'video.analysed');
    await waitFor(
      () => deliveries(webhook.id),
      (list) => list.length === 1 && list[0]!.status === 'succeeded',
    );
    expect(receiver.received).toHaveLength(1);
    expect(verify(secret, receiver.received[0]!).data.title).toBe(`Fact ${facts}`);
    await receiver.stop();
  });

  it('gives a receiver that was down for several retries every event once it is back, each with its one webhook-id', async () => {
    const receiver = new Receiver();
    await receiver.start();
    const { webhook, secret } = await register(acmeAdmin, receiver.url(), [
      'certification.revoked',
    ]);
    await receiver.stop();
    const sent = [await announce(acme), await announce(acme), await announce(acme)];
    // Down (connection refused) through at least two attempts of each...
    await waitFor(
      () => deliveries(webhook.id),
      (list) => list.length === 3 && list.every((delivery) => delivery.attempts >= 2),
    );
    // ...then up but failing (503) for a while...
    receiver.answer = 503;
    await receiver.start(receiver.port);
    await waitFor(
      async () => receiver.received.length,
      () => new Set(receiver.received.map((request) => request.headers['webhook-id'])).size === 3,
    );
    // ...then well again.
    receiver.answer = 200;
    const done = await waitFor(
      () => deliveries(webhook.id),
      (list) => list.every((delivery) => delivery.status === 'succeeded'),
    );
    const ids = done.map((delivery) => delivery.messageId);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) {
      const attempts = receiver.of(id);
      expect(attempts.some((attempt) => attempt.answered === 503)).toBe(true);
      expect(attempts.filter((attempt) => attempt.answered === 200)).toHaveLength(1);
      // Every attempt of one event carries the same id and verifies.
      for (const attempt of attempts)
        expect(verify(secret, attempt).type).toBe('certification.revoked');
    }
    const titles = receiver.received
      .filter((request) => request.answered === 200)
      .map((request) => verify(secret, request).data.title)
      .sort();
    expect(titles).toEqual(sent.map((fact) => `Fact ${fact}`).sort());
    expect(done.every((delivery) => delivery.attempts >= 3)).toBe(true);
    await receiver.stop();
  });

  it('signs with both secrets for a while after a rotation', async () => {
    const receiver = new Receiver();
    await receiver.start();
    const { webhook, secret: before } = await register(acmeAdmin, receiver.url());
    const rotated = await onWebhook(api.rotateWebhookSecret, webhook.id);
    expect(rotated.status).toBe(201);
    const { secret: after, webhook: rotatedView } = parseAnswer(api.rotateWebhookSecret, rotated);
    expect(after).not.toBe(before);
    expect(rotatedView.previousSecretValidUntil).not.toBeNull();
    expect((await onWebhook(api.testWebhook, webhook.id)).status).toBe(201);
    await waitFor(
      async () => receiver.received.length,
      (count) => count === 1,
    );
    const [request] = receiver.received;
    expect(String(request!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(after, request!).type).toBe('webhook.test');
    expect(verify(before, request!).type).toBe('webhook.test');
    await receiver.stop();
  });

  it('keeps both secrets sealed at rest: the table holds neither, deliveries still verify with each', async () => {
    const receiver = new Receiver();
    await receiver.start();
    const { webhook, secret: before } = await register(acmeAdmin, receiver.url());
    const rotated = await acmeAdmin.call(api.rotateWebhookSecret, { params: { id: webhook.id } });
    const after = rotated.secret;
    const { rows } = await stack.sql.query<{ secret: string; previous_secret: string }>(
      `SELECT secret, previous_secret FROM webhook_endpoints WHERE id = $1`,
      [webhook.id],
    );
    const stored = JSON.stringify(rows);
    for (const secret of [before, after]) {
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain(secret.slice('whsec_'.length));
    }
    expect(rows[0]!.secret).toMatch(/^v1\./);
    expect(secretBox.open(rows[0]!.secret)).toBe(after);
    expect(secretBox.open(rows[0]!.previous_secret)).toBe(before);
    expect((await onWebhook(api.testWebhook, webhook.id)).status).toBe(201);
    await waitFor(
      async () => receiver.received.length,
      (count) => count === 1,
    );
    expect(verify(after, receiver.received[0]!).type).toBe('webhook.test');
    expect(verify(before, receiver.received[0]!).type).toBe('webhook.test');
    await receiver.stop();
  });

  it('replays a delivery with the same webhook-id', async () => {
    const receiver = new Receiver();
    await receiver.start();
    const { webhook, secret } = await register(acmeAdmin, receiver.url());
    await onWebhook(api.testWebhook, webhook.id);
    // The test event's delivery, and what reached the receiver with its webhook-id, counted
    // before the replay: on a loaded machine another test's event may reach this endpoint too,
    // or an attempt be sent twice (at least once: receivers dedupe by webhook-id), and a wait for
    // exactly two requests never ended.
    const first = (
      await waitFor(
        () => deliveries(webhook.id),
        (list) =>
          list.some(
            (delivery) => delivery.eventType === 'webhook.test' && delivery.status === 'succeeded',
          ),
      )
    ).find((delivery) => delivery.eventType === 'webhook.test')!;
    const before = receiver.of(first.messageId).length;
    expect((await replay(webhook.id, first.id)).status).toBe(201);
    await waitFor(
      async () => receiver.of(first.messageId).length,
      (count) => count > before,
    );
    expect(verify(secret, receiver.of(first.messageId).at(-1)!).type).toBe('webhook.test');
    // Another organization's administrator cannot replay it.
    expect((await replay(webhook.id, first.id, globexAdmin)).status).toBe(404);
    await receiver.stop();
  });
});

describe('replaying while an attempt is in flight', () => {
  it('refuses the replay (409) and sends nothing more: the receiver hears the attempt once', async () => {
    const receiver = new Receiver();
    await receiver.start();
    let release = () => {};
    receiver.hold = new Promise((resolve) => (release = resolve));
    const { webhook } = await register(acmeAdmin, receiver.url());
    await onWebhook(api.testWebhook, webhook.id);
    // The attempt reached the receiver, which has not answered yet.
    await waitFor(
      async () => receiver.received.length,
      (count) => count === 1,
    );
    const [inFlight] = await deliveries(webhook.id);
    expect(inFlight).toMatchObject({ status: 'pending', attempts: 0 });
    const refused = await replay(webhook.id, inFlight!.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'webhook_delivery_in_flight',
      message: ERROR_TEXTS.webhook_delivery_in_flight,
    });
    // No second round was taken, so no second job can send it.
    const { rows } = await stack.sql.query<{ round: number }>(
      `SELECT round FROM webhook_deliveries WHERE id = $1`,
      [inFlight!.id],
    );
    expect(rows[0]!.round).toBe(0);
    release();
    const [done] = await waitFor(
      () => deliveries(webhook.id),
      (list) => list[0]?.status === 'succeeded',
    );
    expect(done).toMatchObject({ attempts: 1, responseStatus: 200 });
    expect(receiver.of(inFlight!.messageId)).toHaveLength(1);
    // Finished, it replays.
    expect((await replay(webhook.id, inFlight!.id)).status).toBe(201);
    await waitFor(
      async () => receiver.of(inFlight!.messageId).length,
      (count) => count === 2,
    );
    await acmeAdmin.call(api.deleteWebhook, { params: { id: webhook.id } });
    await receiver.stop();
  });
});

describe('keeping deliveries', () => {
  it('deletes the finished ones past the retention, in batches, never a pending one', async () => {
    const { webhook: acmeHook } = await register(acmeAdmin, 'https://8.8.8.8/retained');
    const { webhook: globexHook } = await register(globexAdmin, 'https://8.8.8.8/retained');
    // [endpoint, status, created days ago, last attempt days ago (null: never attempted)]
    const rows = {
      oldSucceeded: [acmeHook.id, 'succeeded', 40, 40],
      oldFailed: [acmeHook.id, 'failed', 45, 35],
      // Failed without an attempt: its endpoint was disabled before it was sent.
      oldFailedUnsent: [acmeHook.id, 'failed', 40, null],
      otherOrganizationsOld: [globexHook.id, 'succeeded', 31, 31],
      // Waiting for its next attempt, or never tried yet (a queue that was down): kept.
      oldPending: [acmeHook.id, 'pending', 40, 1],
      oldPendingUnsent: [acmeHook.id, 'pending', 60, null],
      // Old, but replayed two days ago: its retention counts from that attempt.
      oldReplayedLately: [acmeHook.id, 'succeeded', 40, 2],
      newSucceeded: [acmeHook.id, 'succeeded', 2, 2],
      newFailed: [acmeHook.id, 'failed', 29, 29],
      newPending: [acmeHook.id, 'pending', 0, null],
    } as const;
    const ids: Record<string, number> = {};
    for (const [name, [endpointId, status, createdDays, attemptDays]] of Object.entries(rows)) {
      const inserted = await stack.sql.query<{ id: number }>(
        `INSERT INTO webhook_deliveries (endpoint_id, organization_id, event_id, message_id,
           event_type, payload, status, attempts, created_at, last_attempt_at)
         SELECT id, organization_id, $2, $3, 'webhook.test', '{}', $4, $5,
                now() - make_interval(days => $6),
                now() - make_interval(days => $7::int)
           FROM webhook_endpoints WHERE id = $1
         RETURNING id`,
        [
          endpointId,
          `retention-${name}`,
          `msg_retention_${name}`,
          status,
          attemptDays === null ? 0 : 1,
          createdDays,
          attemptDays,
        ],
      );
      ids[name] = inserted.rows[0]!.id;
    }
    // Batches of 2: the sweep goes on until a batch comes back short.
    const retention = new WebhookDeliveryRetention(
      stack.identity.app.get(WebhookDeliveriesRepository),
      stack.identity.app.get(WebhookEndpointsRepository),
      30,
      2,
    );
    expect(await retention.sweep()).toBe(4);
    const { rows: left } = await stack.sql.query<{ event_id: string }>(
      `SELECT event_id FROM webhook_deliveries WHERE id = ANY($1)`,
      [Object.values(ids)],
    );
    expect(left.map((row) => row.event_id.replace('retention-', '')).sort()).toEqual(
      [
        'oldPending',
        'oldPendingUnsent',
        'oldReplayedLately',
        'newSucceeded',
        'newFailed',
        'newPending',
      ].sort(),
    );
    expect(await retention.sweep()).toBe(0);
    await acmeAdmin.call(api.deleteWebhook, { params: { id: acmeHook.id } });
    await globexAdmin.call(api.deleteWebhook, { params: { id: globexHook.id } });
  });
});

describe('deliveries whose job is gone', () => {
  /** A pending delivery written as the service writes one, its round started `hoursAgo`. */
  async function pendingDelivery(webhookId: number, name: string, hoursAgo = 0) {
    facts += 1;
    const { rows } = await stack.sql.query<{ id: number; message_id: string }>(
      `INSERT INTO webhook_deliveries (endpoint_id, organization_id, event_id, message_id,
         event_type, payload, created_at, round_started_at)
       SELECT id, organization_id, $2, $3, 'webhook.test', '{"type":"webhook.test"}',
              now() - make_interval(hours => $4), now() - make_interval(hours => $4)
         FROM webhook_endpoints WHERE id = $1
       RETURNING id, message_id`,
      [webhookId, `gone-${name}-${facts}`, `msg_gone_${name}_${facts}`, hoursAgo],
    );
    return rows[0]!;
  }

  const deliveryQueue = () =>
    openQueue(QUEUE_CONTRACTS.webhookDelivery, {
      url: stack.env.REDIS_URL!,
      prefix: stack.redisPrefix,
    });

  const statusOf = async (id: number) =>
    (
      await stack.sql.query<{ status: string; error: string | null }>(
        `SELECT status, error FROM webhook_deliveries WHERE id = $1`,
        [id],
      )
    ).rows[0]!;

  it('fails one pending past its last retry whose job is gone, never one a job still works, and a replay sends it', async () => {
    const receiver = new Receiver();
    await receiver.start();
    const queue = deliveryQueue();
    try {
      const { webhook } = await register(acmeAdmin, receiver.url());
      // Its job lost with Redis's content: pending for good, and refused a replay (409).
      const lost = await pendingDelivery(webhook.id, 'lost', 48);
      expect((await replay(webhook.id, lost.id)).status).toBe(409);
      // Its job waits for its next attempt; one whose job may not be added yet (just queued).
      const waiting = await pendingDelivery(webhook.id, 'waiting', 48);
      await queue.add(
        'deliver',
        { deliveryId: waiting.id, organizationId: acme, round: 0 },
        { delay: 3_600_000 },
      );
      const young = await pendingDelivery(webhook.id, 'young', 0);
      // Its attempt in flight (the receiver holds its answer) although its round started long ago.
      let release = () => {};
      receiver.hold = new Promise((resolve) => (release = resolve));
      await onWebhook(api.testWebhook, webhook.id);
      await waitFor(
        async () => receiver.received.length,
        (count) => count === 1,
      );
      const [sending] = await deliveries(webhook.id);
      await stack.sql.query(
        `UPDATE webhook_deliveries SET round_started_at = now() - interval '2 days' WHERE id = $1`,
        [sending!.id],
      );

      const recovery = new WebhookDeliveryRecovery(
        stack.identity.app.get(WebhookDeliveriesRepository),
        queue,
        3_600_000,
      );
      expect(await recovery.sweep()).toBe(1);
      expect(await statusOf(lost.id)).toEqual({ status: 'failed', error: JOB_LOST });
      for (const kept of [waiting, young, sending!]) {
        expect((await statusOf(kept.id)).status).toBe('pending');
      }
      expect(await recovery.sweep()).toBe(0);
      release();
      await waitFor(
        () => statusOf(sending!.id),
        (row) => row.status === 'succeeded',
      );

      // Failed, it replays: sent with its webhook-id, and succeeded.
      expect((await replay(webhook.id, lost.id)).status).toBe(201);
      await waitFor(
        () => statusOf(lost.id),
        (row) => row.status === 'succeeded',
      );
      expect(receiver.of(lost.message_id)).toHaveLength(1);
      await acmeAdmin.call(api.deleteWebhook, { params: { id: webhook.id } });
    } finally {
      await queue.close();
      await receiver.stop();
    }
  });

  it('fails one whose job stalled too often (its process killed mid-attempt), and a replay sends it', async () => {
    const receiver = new Receiver();
    await receiver.start();
    const queue = deliveryQueue();
    try {
      const { webhook } = await register(acmeAdmin, receiver.url());
      const redis = await redisOf(queue);
      const stalled = [];
      // [the job hash's field, its value], as BullMQ's stall checks leave them: stalled more than
      // it allows, BullMQ fails it itself when it is next taken; stalled twice, the worker
      // refuses to run it again.
      for (const [field, value] of [
        ['defa', 'job stalled more than allowable limit'],
        ['stc', '2'],
      ] as const) {
        const delivery = await pendingDelivery(webhook.id, field);
        const job = await queue.add(
          'deliver',
          { deliveryId: delivery.id, organizationId: acme, round: 0 },
          { delay: 3_600_000 },
        );
        await redis.hset(queue.toKey(job.id!), field, value);
        await job.promote();
        stalled.push(delivery);
      }
      for (const delivery of stalled) {
        expect(
          await waitFor(
            () => statusOf(delivery.id),
            (row) => row.status !== 'pending',
            15_000,
          ),
        ).toEqual({ status: 'failed', error: ATTEMPTS_INTERRUPTED });
        expect((await replay(webhook.id, delivery.id)).status).toBe(201);
        await waitFor(
          () => statusOf(delivery.id),
          (row) => row.status === 'succeeded',
        );
        expect(receiver.of(delivery.message_id)).toHaveLength(1);
      }
      await acmeAdmin.call(api.deleteWebhook, { params: { id: webhook.id } });
    } finally {
      await queue.close();
      await receiver.stop();
    }
  });
});

describe('guarding the network at delivery time', () => {
  it('refuses a name that resolves to a private address when it is sent to, and sends nothing', async () => {
    // 127.0.0.1 itself is not allowed (only 127.0.0.2): a listener there must hear nothing.
    const trap = createServer((_req, res) => res.writeHead(200).end());
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
    let heard = 0;
    trap.on('request', () => (heard += 1));
    const port = (trap.address() as AddressInfo).port;
    // Registered while its name pointed elsewhere (as DNS rebinding would have it): written
    // directly, since registration refuses it today.
    const { rows } = await stack.sql.query<{ id: number }>(
      `INSERT INTO webhook_endpoints (organization_id, url, events, secret)
       VALUES ($1, $2, '{member.joined}', $3) RETURNING id`,
      [
        acme,
        `http://localhost:${port}/hook`,
        secretBox.seal(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).sealed,
      ],
    );
    const id = rows[0]!.id;
    expect((await onWebhook(api.testWebhook, id)).status).toBe(201);
    const [delivery] = await waitFor(
      () => deliveries(id),
      (list) => (list[0]?.attempts ?? 0) >= 2,
    );
    expect(delivery).toMatchObject({
      responseStatus: null,
      responseMs: null,
      error: PRIVATE_REFUSAL,
    });
    expect(heard).toBe(0);
    await new Promise((resolve) => trap.close(resolve));
    await acmeAdmin.call(api.deleteWebhook, { params: { id } });
  });
});

describe('an endpoint failing for a day', () => {
  it('is disabled, its administrators are mailed, and once enabled again a replay reaches it', async () => {
    const receiver = new Receiver();
    await receiver.start();
    const { webhook, secret } = await register(acmeAdmin, receiver.url());
    // An administrator the identity provider suspended is no one to tell.
    const suspended = await stack.createUser({
      email: 'suspended-admin@acme.test',
      role: 'admin',
      organizationId: acme,
    });
    await stack.sql.query(`UPDATE users SET suspended_at = now() WHERE id = $1`, [suspended]);
    receiver.answer = 500;
    // It has failed since yesterday (the window is a day), last an hour ago: the next failure
    // disables it.
    await stack.sql.query(
      `UPDATE webhook_endpoints
          SET failing_since = now() - interval '25 hours', last_failure_at = now() - interval '1 hour'
        WHERE id = $1`,
      [webhook.id],
    );
    await onWebhook(api.testWebhook, webhook.id);
    const [failed] = await waitFor(
      () => deliveries(webhook.id),
      (list) => list[0]?.status === 'failed',
    );
    expect(failed).toMatchObject({ attempts: 1, responseStatus: 500 });
    // The delivery job records the attempt, then disables the endpoint, then mails: polled.
    await expect
      .poll(async () =>
        (await acmeAdmin.call(api.webhooks)).webhooks.find((item) => item.id === webhook.id),
      )
      .toMatchObject({ enabled: false, disabledReason: expect.stringMatching(/24 hours/) });
    const disabledMails = async () =>
      (
        await stack.sql.query<{ recipient: string; text_body: string }>(
          `SELECT recipient, text_body FROM outbox_mails WHERE subject = 'A webhook endpoint was disabled'`,
        )
      ).rows;
    await expect.poll(disabledMails).toHaveLength(1);
    const mails = await disabledMails();
    expect(mails.map((mail) => mail.recipient)).toEqual(['admin@acme.test']);
    expect(mails[0]!.text_body).toContain(receiver.url());
    // Disabled, a test event or a replay would fail unsent: both refused, nothing recorded.
    for (const refused of [
      await onWebhook(api.testWebhook, webhook.id),
      await replay(webhook.id, failed!.id),
    ]) {
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'webhook_endpoint_disabled',
        message: ERROR_TEXTS.webhook_endpoint_disabled,
      });
    }
    expect(await deliveries(webhook.id)).toEqual([failed]);
    // Enabled again, the receiver well, the missed delivery replayed with its id.
    receiver.answer = 200;
    const enabled = await onWebhook(api.enableWebhook, webhook.id);
    expect(enabled.status).toBe(201);
    expect(enabled.body).toMatchObject({ enabled: true, failingSince: null, disabledReason: null });
    await replay(webhook.id, failed!.id);
    const [replayed] = await waitFor(
      () => deliveries(webhook.id),
      (items) => items.find((item) => item.id === failed!.id)?.status === 'succeeded',
    );
    expect(replayed!.messageId).toBe(failed!.messageId);
    const ok = receiver.received.filter((request) => request.answered === 200);
    expect(ok).toHaveLength(1);
    expect(verify(secret, ok[0]!).type).toBe('webhook.test');
    expect((await deliveries(webhook.id)).map((item) => item.eventType)).toEqual(['webhook.test']);
    await receiver.stop();
  });
});

describe('an endpoint failing again after a quiet period', () => {
  it('starts a new failing episode: one failure never disables it', async () => {
    const receiver = new Receiver();
    await receiver.start();
    const { webhook } = await register(acmeAdmin, receiver.url());
    receiver.answer = 500;
    // It failed three days ago, last two days ago, then had nothing to send (the window is a
    // day): no success ever ended that episode.
    const longAgo = Date.now() - 72 * 3600_000;
    await stack.sql.query(
      `UPDATE webhook_endpoints
          SET failing_since = now() - interval '72 hours', last_failure_at = now() - interval '48 hours'
        WHERE id = $1`,
      [webhook.id],
    );
    await onWebhook(api.testWebhook, webhook.id);
    // Its failure recorded: a new episode starts, or (as before) the endpoint is disabled.
    const endpoint = await waitFor(
      async () =>
        (await acmeAdmin.call(api.webhooks)).webhooks.find((item) => item.id === webhook.id)!,
      (item) => !item.enabled || Date.parse(item.failingSince ?? '') > longAgo + 3600_000,
    );
    expect(endpoint).toMatchObject({ enabled: true, disabledReason: null });
    expect(Date.parse(endpoint.failingSince!)).toBeGreaterThan(Date.now() - 10 * 60_000);
    // Its retries keep failing within the new episode, and still leave it enabled.
    await waitFor(
      () => deliveries(webhook.id),
      (list) => (list[0]?.attempts ?? 0) >= 3,
    );
    expect(
      (await acmeAdmin.call(api.webhooks)).webhooks.find((item) => item.id === webhook.id),
    ).toMatchObject({ enabled: true, failingSince: endpoint.failingSince });
    receiver.answer = 200;
    await waitFor(
      () => deliveries(webhook.id),
      (list) => list[0]?.status === 'succeeded',
    );
    await acmeAdmin.call(api.deleteWebhook, { params: { id: webhook.id } });
    await receiver.stop();
  });
});

describe('facts the services record', () => {
  it('announces a processed document, a published evaluation, a completed observation, an issued and a revoked certification', async () => {
    const workers = startDocumentWorkers(stack);
    const receiver = new Receiver();
    try {
      await receiver.start();
      const { secret } = await register(acmeAdmin, receiver.url(), [
        'document.processed',
        'evaluation.published',
        'observation.completed',
        'certification.issued',
        'certification.revoked',
      ]);
      const trainer = (await member(acme, 'tess@acme.test', 'training_supervisor')).session;
      const operatorId = await stack.createUser({
        email: 'otto@acme.test',
        name: 'Otto Operator',
        role: 'operator',
        organizationId: acme,
      });
      const uploaded = await trainer.uploadTo(
        api.uploadDocument,
        { title: 'Cooling', tags: 'Safety' },
        { name: 'cooling.pdf', data: sopPdf(COOLING_SOP) },
      );
      const documentId = uploaded.id;
      await evaluatedDocument(trainer, documentId);
      await certifyOperator(trainer, documentId, operatorId);
      const listed = await acmeAdmin.call(api.certifications, { query: { userId: operatorId } });
      const [certification] = listed.certifications;
      await acmeAdmin.call(api.revokeCertification, {
        params: { id: certification!.id },
        body: { reason: 'Observed unsafe cooling' },
      });
      const wanted = [
        'certification.issued',
        'certification.revoked',
        'document.processed',
        'evaluation.published',
        'observation.completed',
      ];
      await waitFor(
        async () => [...new Set(receiver.received.map((request) => verify(secret, request).type))],
        (types) => wanted.every((type) => types.includes(type as never)),
      );
      const payloads = new Map(
        receiver.received.map((request) => {
          const payload = verify(secret, request);
          return [payload.type, payload.data] as const;
        }),
      );
      expect(payloads.get('document.processed')).toMatchObject({ documentId, title: 'Cooling' });
      expect(payloads.get('evaluation.published')).toMatchObject({ documentId });
      expect(payloads.get('observation.completed')).toMatchObject({
        documentId,
        operatorId,
        passed: true,
        score: 100,
      });
      expect(payloads.get('certification.issued')).toMatchObject({
        certificationId: certification!.id,
        userId: operatorId,
        revokedAt: null,
      });
      expect(payloads.get('certification.revoked')).toMatchObject({
        certificationId: certification!.id,
        revokedReason: 'Observed unsafe cooling',
      });
      // Nothing of a document's content travels: only identifiers, names and figures.
      for (const data of payloads.values()) {
        expect(JSON.stringify(data)).not.toContain('63 °C');
      }
    } finally {
      await receiver.stop();
      await workers.close();
    }
  }, 240_000);

  it('announces an evaluation published again and a certification revoked again as new facts', async () => {
    const workers = startDocumentWorkers(stack);
    const receiver = new Receiver();
    try {
      await receiver.start();
      const { secret } = await register(acmeAdmin, receiver.url(), [
        'evaluation.published',
        'certification.revoked',
      ]);
      const trainer = (await member(acme, 'trudy@acme.test', 'training_supervisor')).session;
      const operatorId = await stack.createUser({
        email: 'olga@acme.test',
        name: 'Olga Operator',
        role: 'operator',
        organizationId: acme,
      });
      const { id: documentId } = await trainer.uploadTo(
        api.uploadDocument,
        { title: 'Cooling again', tags: 'Safety' },
        { name: 'cooling.pdf', data: sopPdf(COOLING_SOP) },
      );
      await evaluatedDocument(trainer, documentId);
      const revoke = async () => {
        const listed = await acmeAdmin.call(api.certifications, { query: { userId: operatorId } });
        const body = { reason: 'Observed unsafe cooling' };
        await acmeAdmin.call(api.revokeCertification, {
          params: { id: listed.certifications[0]!.id },
          body,
        });
      };
      // Published, passed, revoked...
      await certifyOperator(trainer, documentId, operatorId);
      await revoke();
      // ...regenerated (a draft again), published again, passed again (renewed), revoked again.
      await trainer.call(api.regenerateEvaluation, { params: { id: documentId } });
      await expect
        .poll(
          async () =>
            (await trainer.call(api.documentEvaluation, { params: { id: documentId } })).status,
          { timeout: 30_000 },
        )
        .toBe('draft');
      await certifyOperator(trainer, documentId, operatorId);
      await revoke();
      const received = await waitFor(
        async () =>
          receiver.received.map((request) => ({
            id: request.headers['webhook-id'],
            payload: verify(secret, request),
          })),
        (list) => list.length === 4,
      );
      const ofType = (type: WebhookEventType) =>
        received.filter((request) => request.payload.type === type);
      for (const type of ['evaluation.published', 'certification.revoked'] as const) {
        expect(ofType(type)).toHaveLength(2);
        expect(new Set(ofType(type).map((request) => request.id)).size).toBe(2);
      }
      const revokedAt = ofType('certification.revoked').map(
        ({ payload }) => payload.data.revokedAt,
      );
      expect(revokedAt[0]).not.toBe(revokedAt[1]);
    } finally {
      await receiver.stop();
      await workers.close();
    }
  }, 240_000);

  it('announces one publication when two requests publish the same draft at once', async () => {
    const workers = startDocumentWorkers(stack);
    const locker = new pg.Client({ connectionString: stack.env.DATABASE_URL });
    try {
      const trainer = (await member(acme, 'tina@acme.test', 'training_supervisor')).session;
      const { id: documentId } = await trainer.uploadTo(
        api.uploadDocument,
        { title: 'Cooling twice', tags: 'Safety' },
        { name: 'cooling.pdf', data: sopPdf(COOLING_SOP) },
      );
      const { evaluationId } = await evaluatedDocument(trainer, documentId);
      // Both requests read the draft, then wait on the evaluation's row: the race, made certain.
      await locker.connect();
      await locker.query('BEGIN');
      await locker.query('SELECT 1 FROM library.evaluations WHERE id = $1 FOR UPDATE', [
        evaluationId,
      ]);
      const publish = () => trainer.call(api.publishEvaluation, { params: { id: documentId } });
      const both = Promise.all([publish(), publish()]);
      await expect
        .poll(async () => {
          const { rows } = await stack.sql.query<{ waiting: number }>(
            `SELECT count(*)::int AS waiting FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'
                AND query ILIKE '%UPDATE%evaluations%'`,
          );
          return rows[0]!.waiting;
        })
        .toBe(2);
      await locker.query('ROLLBACK');
      const answers = await both;
      expect(answers.map((answer) => answer.status)).toEqual(['published', 'published']);
      const { rows } = await stack.sql.query<{ told: number }>(
        `SELECT count(*)::int AS told FROM library.outbox
          WHERE event->'event'->>'type' = 'evaluation.published'
            AND (event->'event'->'data'->>'evaluationId')::int = $1`,
        [evaluationId],
      );
      expect(rows[0]!.told).toBe(1);
    } finally {
      await locker.end().catch(() => undefined);
      await workers.close();
    }
  }, 240_000);

  it('announces a member provisioned by the identity provider (SCIM) as joined', async () => {
    const receiver = new Receiver();
    await receiver.start();
    const { webhook, secret } = await register(acmeAdmin, receiver.url(), ['member.joined']);
    const token = await acmeAdmin.call(api.createScimToken, { body: { name: 'Okta' } });
    const created = await fetch(`${stack.url}/scim/v2/Users`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token.secret}`,
        'content-type': 'application/scim+json',
      },
      body: JSON.stringify({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: 'provisioned@acme.test',
        name: { givenName: 'Pat', familyName: 'Provisioned' },
        emails: [{ primary: true, value: 'provisioned@acme.test', type: 'work' }],
        active: true,
      }),
    });
    expect(created.status).toBe(201);
    const userId = Number(((await created.json()) as { id: string }).id);
    await waitFor(
      () => deliveries(webhook.id),
      (list) => list.some((delivery) => delivery.status === 'succeeded'),
    );
    expect(verify(secret, receiver.received[0]!)).toEqual({
      type: 'member.joined',
      timestamp: expect.any(String),
      eventId: EVENT_ID,
      data: { userId, name: 'Pat Provisioned', email: 'provisioned@acme.test', role: 'operator' },
    });
    await receiver.stop();
  });

  it("announces a certification's expiry window and its expiry from the daily sweep, once each", async () => {
    const receiver = new Receiver();
    await receiver.start();
    const { secret } = await register(acmeAdmin, receiver.url(), [
      'certification.expiring',
      'certification.expired',
    ]);
    const holder = await stack.createUser({
      email: 'hanna@acme.test',
      name: 'Hanna Holder',
      role: 'operator',
      organizationId: acme,
    });
    // A course's certification, written as the issuer writes one, a week from its end.
    const { rows } = await stack.sql.query<{ id: number; issued_at: Date; expires_at: Date }>(
      `INSERT INTO observation.certifications
         (organization_id, user_id, holder_name, kind, subject_id, title, validity_months,
          issued_at, expires_at, verification_code)
       VALUES ($1, $2, 'Hanna Holder', 'course', 7001, 'Allergen handling', 12,
               now() - interval '51 weeks', now() + interval '7 days', $3)
       RETURNING id, issued_at, expires_at`,
      [acme, holder, `CERT-${randomBytes(6).toString('hex')}`],
    );
    const certification = rows[0]!;
    const expected = (expiresAt: Date) => ({
      certificationId: certification.id,
      userId: holder,
      holderName: 'Hanna Holder',
      kind: 'course',
      subjectId: 7001,
      title: 'Allergen handling',
      issuedAt: certification.issued_at.toISOString(),
      expiresAt: expiresAt.toISOString(),
      revokedAt: null,
      revokedReason: null,
    });
    expect(await stack.observation.expirySweep.run()).toBe(1);
    expect(await stack.observation.expirySweep.run()).toBe(0);
    const expiring = await waitFor(
      async () => receiver.received.map((request) => verify(secret, request)),
      (payloads) => payloads.length === 1,
    );
    expect(expiring[0]).toEqual({
      type: 'certification.expiring',
      timestamp: expect.any(String),
      eventId: EVENT_ID,
      data: expected(certification.expires_at),
    });
    // Its term ends: the next sweep tells of the expiry.
    const { rows: ended } = await stack.sql.query<{ expires_at: Date }>(
      `UPDATE observation.certifications SET expires_at = now() - interval '1 minute'
        WHERE id = $1 RETURNING expires_at`,
      [certification.id],
    );
    expect(await stack.observation.expirySweep.run()).toBe(1);
    const both = await waitFor(
      async () => receiver.received.map((request) => verify(secret, request)),
      (payloads) => payloads.length === 2,
    );
    expect(both[1]).toEqual({
      type: 'certification.expired',
      timestamp: expect.any(String),
      eventId: EVENT_ID,
      data: expected(ended[0]!.expires_at),
    });
    await receiver.stop();
  });

  it('announces an analysed video', async () => {
    const receiver = new Receiver();
    const folder = mkdtempSync(join(tmpdir(), 'webhook-video-'));
    const videoInbox = openQueue(QUEUES.videoInbox, {
      url: stack.env.REDIS_URL!,
      prefix: stack.redisPrefix,
    });
    try {
      await receiver.start();
      const { webhook, secret } = await register(acmeAdmin, receiver.url(), ['video.analysed']);
      const uploaded = await acmeAdmin.uploadTo(
        api.uploadVideo,
        { title: 'Line 3 cooling', recordingDate: '2026-11-20T08:00:00Z' },
        { name: 'grey.mp4', data: greyVideo(folder) },
      );
      const videoId = uploaded.id;
      const started = await acmeAdmin.call(api.analyzeVideo, {
        params: { id: videoId },
        body: { linkedSOPs: [] },
      });
      expect(started.analysisStatus).toBe('processing');
      // The video worker's result, as it sends it to the video service's inbox.
      await videoInbox.add('analysis.completed', {
        kind: 'analysis.completed',
        videoId,
        run: 1,
        report: {
          durationSeconds: 1,
          framesAnalysed: 1,
          samplingFps: 1,
          matchThreshold: 0.5,
          detectedOperators: 0,
          identifiedOperators: [],
          unidentifiedPeople: [],
          identificationRate: 0,
          stepAnalysis: { available: false, message: 'No SOP was chosen.' },
        },
      });
      await waitFor(
        () => deliveries(webhook.id),
        (list) => list.some((delivery) => delivery.status === 'succeeded'),
      );
      expect(receiver.received).toHaveLength(1);
      expect(verify(secret, receiver.received[0]!)).toEqual({
        type: 'video.analysed',
        timestamp: expect.any(String),
        eventId: EVENT_ID,
        data: { videoId, title: 'Line 3 cooling', detectedOperators: 0, identifiedOperators: 0 },
      });
    } finally {
      await videoInbox.close();
      await receiver.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

/** A one-second grey MP4 (Debian's ffmpeg or npm's), enough for an upload the service accepts. */
function greyVideo(folder: string): Buffer {
  const out = join(folder, 'grey.mp4');
  execFileSync(findBinaries().ffmpeg, [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'color=c=gray:s=160x120:d=1',
    '-pix_fmt',
    'yuv420p',
    out,
  ]);
  return readFileSync(out);
}
