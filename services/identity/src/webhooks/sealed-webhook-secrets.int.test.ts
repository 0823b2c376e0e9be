import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { Webhook } from 'standardwebhooks';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { IDENTITY_TEMPLATE } from '../test-support/identity-database-template.js';
import { openIdentityDatabase } from '../database.js';
import { sealedWebhookSecrets } from '../migrations/1767100001000-sealed-webhook-secrets.js';
import { signatures } from './webhook-delivery.js';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository.js';
import { openWebhookSecretBox } from './webhook-secrets.js';

const box = openWebhookSecretBox({
  NODE_ENV: 'test',
  DATA_DIR: '',
  WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
});
const secret = (fill: number) => `whsec_${Buffer.alloc(32, fill).toString('base64')}`;

let resources: TestResources;
let db: DataSource;

beforeAll(async () => {
  resources = await claimTemplateResources(IDENTITY_TEMPLATE);
  db = await openIdentityDatabase(resources.databaseUrl, box);
});

afterAll(async () => {
  await db?.destroy();
  await resources?.release();
});

/** An endpoint as the release before this one stored it: both secrets in clear. */
async function clearEndpoint(): Promise<{ id: number; organizationId: number }> {
  const [organization] = (await db.query(
    `INSERT INTO organizations (name, display_name, domain) VALUES ('Acme', 'Acme', $1) RETURNING id`,
    [`${randomBytes(4).toString('hex')}.test`],
  )) as { id: number }[];
  const [endpoint] = (await db.query(
    `INSERT INTO webhook_endpoints
       (organization_id, url, events, secret, previous_secret, previous_secret_expires_at)
     VALUES ($1, 'https://hooks.example.com/in', '{member.joined}', $2, $3, now() + interval '1 day')
     RETURNING id`,
    [organization!.id, secret(1), secret(2)],
  )) as { id: number }[];
  return { id: endpoint!.id, organizationId: organization!.id };
}

const stored = async (id: number) =>
  (
    (await db.query(`SELECT secret, previous_secret FROM webhook_endpoints WHERE id = $1`, [
      id,
    ])) as { secret: string; previous_secret: string }[]
  )[0]!;

async function migrate(migration: ReturnType<typeof sealedWebhookSecrets>): Promise<void> {
  const runner = db.createQueryRunner();
  try {
    await new migration().up(runner);
  } finally {
    await runner.release();
  }
}

describe('sealing the webhook secrets an older release kept in clear', () => {
  it('seals both secrets of every row, once, and signing with them still verifies', async () => {
    const { id, organizationId } = await clearEndpoint();
    await migrate(sealedWebhookSecrets(box));
    const sealed = await stored(id);
    expect(JSON.stringify(sealed)).not.toContain(secret(1).slice('whsec_'.length));
    expect(JSON.stringify(sealed)).not.toContain(secret(2).slice('whsec_'.length));
    expect([box.open(sealed.secret), box.open(sealed.previous_secret)]).toEqual([
      secret(1),
      secret(2),
    ]);
    // Run again (a second replica, a restart): what is sealed stays as it is.
    await migrate(sealedWebhookSecrets(box));
    expect(await stored(id)).toEqual(sealed);
    // The repository opens them, and a delivery signed with both verifies with either.
    const endpoint = await new WebhookEndpointsRepository(db, box).endpoint(organizationId, id);
    const body = JSON.stringify({ type: 'member.joined', timestamp: 'now', data: {} });
    const at = new Date();
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signatures(endpoint!, 'msg_1', at, body),
    };
    expect(new Webhook(secret(1)).verify(body, headers)).toMatchObject({ type: 'member.joined' });
    expect(new Webhook(secret(2)).verify(body, headers)).toMatchObject({ type: 'member.joined' });
  });

  it('stops rather than leave secrets in clear when no key is given', async () => {
    const { id } = await clearEndpoint();
    await expect(migrate(sealedWebhookSecrets(undefined))).rejects.toThrow(/WEBHOOK_SECRET_KEY/);
    expect((await stored(id)).secret).toBe(secret(1));
    await migrate(sealedWebhookSecrets(box));
  });
});
