import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { Webhook } from 'standardwebhooks';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { IDENTITY_TEMPLATE } from '../test-support/identity-database-template.js';
import { openIdentityDatabase } from '../database.js';
import { signatures } from './webhook-delivery.js';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository.js';
import { endpointView } from './webhooks.service.js';
import { openWebhookSecretBox } from './webhook-secrets.js';

const box = openWebhookSecretBox({
  NODE_ENV: 'test',
  DATA_DIR: '',
  WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
});
const secret = (fill: number) => `whsec_${Buffer.alloc(32, fill).toString('base64')}`;
/**
 * Every date of these tests is fixed from here, ahead of the clock: a rotation drops the
 * previous secrets already past their day, by the clock, and these are not.
 */
const at = new Date('2100-03-02T09:00:00Z');
const longAgo = new Date('2000-01-01T00:00:00Z');
const hoursFrom = (hours: number) => new Date(at.getTime() + hours * 3_600_000);

let resources: TestResources;
let db: DataSource;
let endpoints: WebhookEndpointsRepository;

beforeAll(async () => {
  resources = await claimTemplateResources(IDENTITY_TEMPLATE);
  db = await openIdentityDatabase(resources.databaseUrl, box);
  endpoints = new WebhookEndpointsRepository(db, box);
});

afterAll(async () => {
  await db?.destroy();
  await resources?.release();
});

async function endpointWith(first: string): Promise<{ id: number; organizationId: number }> {
  const [organization] = (await db.query(
    `INSERT INTO organizations (name, display_name, domain) VALUES ('Acme', 'Acme', $1) RETURNING id`,
    [`${randomBytes(4).toString('hex')}.test`],
  )) as { id: number }[];
  const [created] = (await db.query(
    `INSERT INTO webhook_endpoints (organization_id, url, events, secret)
     VALUES ($1, 'https://hooks.example.com/in', '{member.joined}', $2) RETURNING id`,
    [organization!.id, box.seal(first).sealed],
  )) as { id: number }[];
  return { id: created!.id, organizationId: organization!.id };
}

/** Which of `candidates` a delivery signed at `when` verifies with, by index. */
async function verifying(
  endpoint: { id: number; organizationId: number },
  when: Date,
  candidates: string[],
): Promise<number[]> {
  const row = await endpoints.endpoint(endpoint.organizationId, endpoint.id);
  const body = JSON.stringify({ type: 'member.joined', timestamp: 'then', data: {} });
  const headers = {
    'webhook-id': 'msg_1',
    'webhook-timestamp': String(Math.floor(when.getTime() / 1000)),
    'webhook-signature': signatures(row!, 'msg_1', when, body),
  };
  // The library checks the timestamp against its clock: the signature alone is checked here.
  const signed = headers['webhook-signature'].split(' ');
  return candidates.flatMap((candidate, index) => {
    const expected = new Webhook(candidate).sign('msg_1', when, body);
    return signed.includes(expected) ? [index] : [];
  });
}

describe("an endpoint's previous secrets", () => {
  it('each keeps signing for a day after it was replaced, however many rotations came since', async () => {
    const endpoint = await endpointWith(secret(1));
    // Rotated at 9:00, then again at 10:00: a receiver still on the first secret is not cut off.
    await endpoints.rotate(endpoint.organizationId, endpoint.id, secret(2), hoursFrom(24));
    await endpoints.rotate(endpoint.organizationId, endpoint.id, secret(3), hoursFrom(25));
    const all = [secret(1), secret(2), secret(3)];
    expect(await verifying(endpoint, hoursFrom(2), all)).toEqual([0, 1, 2]);
    // The first stops a day after it was replaced, the second a day after it was.
    expect(await verifying(endpoint, hoursFrom(24.5), all)).toEqual([1, 2]);
    expect(await verifying(endpoint, hoursFrom(25), all)).toEqual([2]);
    // The settings page tells until when the last secret replaced signs.
    const row = await endpoints.endpoint(endpoint.organizationId, endpoint.id);
    expect(endpointView(row!, hoursFrom(2)).previousSecretValidUntil).toBe(
      hoursFrom(25).toISOString(),
    );
    expect(endpointView(row!, hoursFrom(25)).previousSecretValidUntil).toBeNull();
    // Every one of them sealed at rest, none in clear.
    const [stored] = (await db.query(`SELECT * FROM webhook_endpoints WHERE id = $1`, [
      endpoint.id,
    ])) as Record<string, unknown>[];
    for (const each of all) {
      expect(JSON.stringify(stored)).not.toContain(each.slice('whsec_'.length));
    }
  });

  it('keeps at most five: the oldest beyond them stops signing at the next rotation', async () => {
    const endpoint = await endpointWith(secret(1));
    for (let fill = 2; fill <= 7; fill++) {
      await endpoints.rotate(endpoint.organizationId, endpoint.id, secret(fill), hoursFrom(24));
    }
    const all = [1, 2, 3, 4, 5, 6, 7].map(secret);
    expect(await verifying(endpoint, hoursFrom(1), all)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('drops those past their day at the next rotation, and the sweep clears the rest', async () => {
    const endpoint = await endpointWith(secret(1));
    await endpoints.rotate(endpoint.organizationId, endpoint.id, secret(2), longAgo);
    await endpoints.rotate(endpoint.organizationId, endpoint.id, secret(3), hoursFrom(24));
    const kept = await endpoints.endpoint(endpoint.organizationId, endpoint.id);
    expect(kept!.previous_secrets.map((previous) => previous.secret)).toEqual([secret(2)]);

    // Two days on, every previous secret is past its day: the sweep clears them.
    expect(await endpoints.clearExpiredSecrets(hoursFrom(48))).toBeGreaterThan(0);
    const [stored] = (await db.query(
      `SELECT previous_secret, previous_secret_expires_at, older_secrets
         FROM webhook_endpoints WHERE id = $1`,
      [endpoint.id],
    )) as Record<string, unknown>[];
    expect(stored).toEqual({
      previous_secret: null,
      previous_secret_expires_at: null,
      older_secrets: null,
    });
    expect(await verifying(endpoint, hoursFrom(1), [secret(1), secret(2), secret(3)])).toEqual([2]);
  });
});
