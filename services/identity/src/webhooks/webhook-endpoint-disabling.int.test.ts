import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { Mailer } from '@hub/kit';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { IDENTITY_TEMPLATE } from '../test-support/identity-database-template.js';
import type { WebhookDeliveryJob } from '@hub/proto';
import type { IdentityConfig } from '../config.js';
import { openIdentityDatabase } from '../database.js';
import type { PreferencesService } from '../settings/preferences.service.js';
import { NetworkGuard } from './network-guard.js';
import { ENDPOINT_DISABLED, WebhookDelivery } from './webhook-delivery.js';
import { openWebhookSecretBox } from './webhook-secrets.js';
import { type DeliveryRow, WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository.js';
import { WebhooksService } from './webhooks.service.js';

/*
 * An endpoint disabled for failing a day, as its receiver's integrator meets it: what it still
 * had pending (waiting for a retry hours away) fails at once, so once the receiver is fixed and
 * the endpoint enabled again, Replay sends what it missed rather than answering 409 for hours.
 */

const box = openWebhookSecretBox({
  NODE_ENV: 'test',
  DATA_DIR: '',
  WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
});

const config = {
  WEBHOOK_TIMEOUT_MS: 5_000,
  WEBHOOK_DISABLE_AFTER_HOURS: 24,
} as IdentityConfig;

let resources: TestResources;
let db: DataSource;
let endpoints: WebhookEndpointsRepository;
let deliveries: WebhookDeliveriesRepository;
let receiver: Server;
let port = 0;

beforeAll(async () => {
  resources = await claimTemplateResources(IDENTITY_TEMPLATE);
  db = await openIdentityDatabase(resources.databaseUrl, box);
  endpoints = new WebhookEndpointsRepository(db, box);
  deliveries = new WebhookDeliveriesRepository(db);
  // Up but failing: every attempt is answered 500.
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
});

afterAll(async () => {
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
  await db?.destroy();
  await resources?.release();
});

async function failingEndpoint() {
  const [organization] = (await db.query(
    `INSERT INTO organizations (name, display_name, domain) VALUES ('Acme', 'Acme', $1) RETURNING id`,
    [`${randomBytes(4).toString('hex')}.test`],
  )) as { id: number }[];
  const [admin] = (await db.query(
    `INSERT INTO users (email, name, role, organization_id, is_active)
     VALUES ($1, 'Ada Admin', 'admin', $2, true) RETURNING id`,
    [`admin-${randomBytes(4).toString('hex')}@acme.test`, organization!.id],
  )) as { id: number }[];
  const endpoint = await endpoints.create(
    {
      organizationId: organization!.id,
      url: `http://127.0.0.1:${port}/hook`,
      description: '',
      events: ['certification.revoked'],
      secret: `whsec_${randomBytes(32).toString('base64')}`,
      createdBy: admin!.id,
    },
    20,
  );
  // Failing since yesterday, last an hour ago: its next failure disables it.
  await db.query(
    `UPDATE webhook_endpoints
        SET failing_since = now() - interval '25 hours', last_failure_at = now() - interval '1 hour'
      WHERE id = $1`,
    [endpoint!.id],
  );
  return endpoint!;
}

async function deliveriesOf(endpointId: number, organizationId: number, count: number) {
  const rows = await deliveries.addDeliveries(
    Array.from({ length: count }, (_, index) => ({
      endpointId,
      organizationId,
      eventId: `certification.revoked:${randomBytes(4).toString('hex')}-${index}`,
      messageId: `msg_${randomBytes(8).toString('hex')}`,
      eventType: 'certification.revoked' as const,
      payload: JSON.stringify({ type: 'certification.revoked', timestamp: 'now', data: {} }),
    })),
  );
  return rows;
}

/** The job BullMQ would run for a delivery's round: its first attempt of eleven. */
const jobOf = (row: DeliveryRow) =>
  ({
    data: { deliveryId: row.id, organizationId: row.organization_id, round: row.round },
    attemptsMade: 0,
    opts: { attempts: 11 },
  }) as unknown as Job<WebhookDeliveryJob>;

describe('an endpoint disabled for failing a day', () => {
  it('fails what it still had pending at once, so each is replayable when it is enabled again', async () => {
    const endpoint = await failingEndpoint();
    const [sent, waiting] = await deliveriesOf(endpoint.id, endpoint.organization_id, 2);
    const mailed: number[] = [];
    const service = {
      mailDisabled: async (disabled: { id: number }) => void mailed.push(disabled.id),
    } as unknown as WebhooksService;
    const delivery = new WebhookDelivery(
      deliveries,
      endpoints,
      service,
      new NetworkGuard(['127.0.0.1/32']),
      config,
    );
    // One delivery's attempt fails and disables the endpoint; the other waits for its retry.
    await delivery.run(jobOf(sent!));
    const disabled = await endpoints.endpoint(endpoint.organization_id, endpoint.id);
    expect(disabled).toMatchObject({ enabled: false });
    expect(mailed).toEqual([endpoint.id]);
    expect(await deliveries.delivery(endpoint.organization_id, sent!.id)).toMatchObject({
      status: 'failed',
      response_status: 500,
    });
    // The one waiting for its next attempt is not left pending for hours on a disabled endpoint.
    expect(await deliveries.delivery(endpoint.organization_id, waiting!.id)).toMatchObject({
      status: 'failed',
      error: ENDPOINT_DISABLED,
      attempts: 0,
    });
    // Enabled again: both are replayed at once (a pending one would be refused, 409).
    await endpoints.enable(endpoint.organization_id, endpoint.id);
    for (const row of [sent!, waiting!]) {
      const replayed = await deliveries.replay(endpoint.organization_id, endpoint.id, row.id);
      expect(replayed).toMatchObject({ id: row.id, status: 'pending', round: 1 });
    }
    // The waiting delivery's old job, when its delay ends, sends nothing: the replay's job does.
    await delivery.run(jobOf(waiting!));
    expect(await deliveries.delivery(endpoint.organization_id, waiting!.id)).toMatchObject({
      status: 'pending',
      round: 1,
      attempts: 0,
    });
  });
});

describe('an event while its endpoint is disabled', () => {
  it('is kept as a failed delivery, replayable once the endpoint is enabled again', async () => {
    const endpoint = await failingEndpoint();
    await endpoints.disable(endpoint.id, 'every delivery failed for 24 hours', ENDPOINT_DISABLED);
    // Nothing is queued for a disabled endpoint: a queue that was asked would throw.
    const service = new WebhooksService(
      endpoints,
      deliveries,
      {} as Queue<WebhookDeliveryJob>,
      new NetworkGuard(['127.0.0.1/32']),
      config,
      {} as Mailer,
      {} as PreferencesService,
    );
    await service.fanOut(endpoint.organization_id, {
      id: `certification.revoked:${randomBytes(4).toString('hex')}`,
      type: 'certification.revoked',
      occurredAt: new Date().toISOString(),
      data: { certificationId: 7, title: 'Forklift pre-use check' },
    });
    const { rows: missed } = await deliveries.deliveryPage(endpoint.organization_id, endpoint.id, {
      limit: 100,
    });
    expect(missed).toEqual([
      expect.objectContaining({
        event_type: 'certification.revoked',
        status: 'failed',
        error: ENDPOINT_DISABLED,
        attempts: 0,
      }),
    ]);
    expect(JSON.parse(missed[0]!.payload)).toMatchObject({
      type: 'certification.revoked',
      data: { certificationId: 7 },
    });
    await endpoints.enable(endpoint.organization_id, endpoint.id);
    expect(
      await deliveries.replay(endpoint.organization_id, endpoint.id, missed[0]!.id),
    ).toMatchObject({ status: 'pending', round: 1, message_id: missed[0]!.message_id });
  });
});

describe('an attempt still in flight when its delivery was failed and replayed', () => {
  it("records nothing over the replay's round: the replay is sent, never swallowed", async () => {
    const endpoint = await failingEndpoint();
    await db.query(`UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1`, [
      endpoint.id,
    ]);
    const [row] = await deliveriesOf(endpoint.id, endpoint.organization_id, 1);
    // A receiver that takes the attempt in and answers 500 only when told.
    let heard!: () => void;
    const arrived = new Promise<void>((resolve) => (heard = resolve));
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const slow = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        heard();
        void answered.then(() => res.writeHead(500).end());
      });
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    await db.query(`UPDATE webhook_endpoints SET url = $2 WHERE id = $1`, [
      endpoint.id,
      `http://127.0.0.1:${(slow.address() as AddressInfo).port}/hook`,
    ]);
    const delivery = new WebhookDelivery(
      deliveries,
      endpoints,
      {} as WebhooksService,
      new NetworkGuard(['127.0.0.1/32']),
      config,
    );
    // Its job's last attempt, in flight...
    const lastAttempt = { ...jobOf(row!), attemptsMade: 10 } as Job<WebhookDeliveryJob>;
    const inFlight = delivery.run(lastAttempt);
    await arrived;
    // ...when the delivery is failed meanwhile (its endpoint disabled by another delivery's
    // failure, or its job taken for stalled) and an administrator replays it.
    expect(await deliveries.markFailed(row!.id, 0, ENDPOINT_DISABLED)).toBe(true);
    expect(await deliveries.replay(endpoint.organization_id, endpoint.id, row!.id)).toMatchObject({
      status: 'pending',
      round: 1,
    });
    answer();
    await inFlight;
    slow.closeAllConnections();
    await new Promise((resolve) => slow.close(resolve));
    // The replay's job still finds its round pending, so it sends.
    expect(await deliveries.delivery(endpoint.organization_id, row!.id)).toMatchObject({
      status: 'pending',
      round: 1,
    });
  });
});

describe('enabling an endpoint that is not disabled', () => {
  it('keeps its failing episode: a program calling enable cannot keep a failing endpoint from being disabled', async () => {
    const endpoint = await failingEndpoint();
    const before = await endpoints.endpoint(endpoint.organization_id, endpoint.id);
    const enabled = await endpoints.enable(endpoint.organization_id, endpoint.id);
    expect(enabled).toMatchObject({ enabled: true, failing_since: before!.failing_since });
    // Disabled, enabling it again starts afresh.
    await endpoints.disable(endpoint.id, 'every delivery failed for 24 hours', ENDPOINT_DISABLED);
    expect(await endpoints.enable(endpoint.organization_id, endpoint.id)).toMatchObject({
      enabled: true,
      disabled_reason: null,
      failing_since: null,
    });
  });
});
