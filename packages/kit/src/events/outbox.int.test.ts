import { claimTestResources, TEST_REDIS_URL, type TestResources } from '@hub/testing';
import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@hub/proto';
import { openServiceDatabase } from '../database/data-source.js';
import { EventBus, type EventSubscription } from './event-bus.js';
import { createOutboxTable, Outbox } from './outbox.js';
import { WebhookAnnouncer } from './webhook-announcer.js';

class Tables1700000000000 implements MigrationInterface {
  async up(db: QueryRunner) {
    await createOutboxTable(db);
    await db.query('CREATE TABLE certificates (id serial PRIMARY KEY, title text NOT NULL)');
  }

  async down(db: QueryRunner) {
    await db.query('DROP TABLE certificates');
    await db.query('DROP TABLE outbox');
  }
}

/** A bus that refuses publishes while `down`, as Redis would while unreachable. */
class FlakyBus {
  down = false;
  constructor(private readonly bus: EventBus) {}

  async publish(...args: Parameters<EventBus['publish']>): Promise<void> {
    if (this.down) throw new Error('Connection is closed.');
    await this.bus.publish(...args);
  }
}

let resources: TestResources;
let db: DataSource;
let bus: EventBus;
let subscription: EventSubscription;
const heard: DomainEvent[] = [];

beforeAll(async () => {
  resources = claimTestResources();
  db = await openServiceDatabase({
    url: resources.databaseUrl,
    schema: 'outboxed',
    entities: [],
    migrations: [Tables1700000000000],
    poolSize: 4,
  });
  bus = new EventBus(TEST_REDIS_URL, resources.redisPrefix);
  subscription = bus.subscribe('listener', async (event) => {
    heard.push(event);
  });
});

afterAll(async () => {
  await subscription?.close();
  await bus?.close();
  await db?.destroy();
  await resources?.release();
});

/** Records a certificate and announces it in the same transaction, as a service does. */
const issue = (announcer: WebhookAnnouncer, title: string, fail = false) =>
  db.transaction(async (tx) => {
    const [row] = (await tx.query(`INSERT INTO certificates (title) VALUES ($1) RETURNING id`, [
      title,
    ])) as { id: number }[];
    await announcer.announce(
      {
        organizationId: 1,
        type: 'certification.issued',
        key: String(row!.id),
        data: { certificationId: row!.id, title },
      },
      tx,
    );
    if (fail) throw new Error('a later step of the change failed');
  });

const titlesHeard = () =>
  heard.flatMap((event) =>
    event.type === 'webhook.event' ? [String(event.event.data.title)] : [],
  );

const pending = async () =>
  Number(
    (
      (await db.query(`SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL`)) as { n: string }[]
    )[0]!.n,
  );

describe('Outbox', () => {
  it('publishes an event whose publish failed after the commit once the relay runs again', async () => {
    const flaky = new FlakyBus(bus);
    const outbox = new Outbox(db, flaky, { pollMs: 60_000 });
    flaky.down = true;
    await issue(new WebhookAnnouncer(outbox), 'Committed while Redis was down');
    expect(await db.query(`SELECT title FROM certificates`)).toEqual([
      { title: 'Committed while Redis was down' },
    ]);
    // The immediate relay pass failed to publish: the row stays pending.
    await expect.poll(() => outbox.relay()).toBe(0);
    expect(await pending()).toBe(1);
    flaky.down = false;
    // A pass asked for during a failed one may still be under way (relay() then answers that
    // pass's count, 0 or 1 by when it published): relay until the row has gone, once.
    await expect
      .poll(async () => {
        await outbox.relay();
        return pending();
      })
      .toBe(0);
    await expect.poll(titlesHeard).toContain('Committed while Redis was down');
    expect(
      titlesHeard().filter((title) => title === 'Committed while Redis was down'),
    ).toHaveLength(1);
    await outbox.stop();
  });

  it('publishes what a process stopped before its relay left, from another process', async () => {
    // The first "process" commits and stops before its relay published anything.
    const stopped = new Outbox(db, { publish: () => Promise.reject(new Error('stopping')) });
    await issue(new WebhookAnnouncer(stopped), 'Left by a stopped process');
    await stopped.stop();
    expect(await pending()).toBeGreaterThanOrEqual(1);
    // A restarted process (or another replica) relays it on its first pass.
    const restarted = new Outbox(db, bus, { pollMs: 50 });
    restarted.start();
    await expect.poll(titlesHeard).toContain('Left by a stopped process');
    await restarted.stop();
  });

  it('publishes nothing for a rolled-back transaction', async () => {
    const outbox = new Outbox(db, bus, { pollMs: 50 });
    outbox.start();
    const announcer = new WebhookAnnouncer(outbox);
    await expect(issue(announcer, 'Rolled back', true)).rejects.toThrow(/later step/);
    await issue(announcer, 'Kept after the rollback');
    await expect.poll(titlesHeard).toContain('Kept after the rollback');
    expect(titlesHeard()).not.toContain('Rolled back');
    expect(await db.query(`SELECT count(*)::int AS n FROM outbox`)).not.toContainEqual({ n: 0 });
    const rolledBack = (await db.query(
      `SELECT count(*)::int AS n FROM outbox WHERE event->'event'->'data'->>'title' = 'Rolled back'`,
    )) as { n: number }[];
    expect(rolledBack[0]!.n).toBe(0);
    await outbox.stop();
  });

  it('keeps the same event id when an event is published twice, so consumers can dedupe', async () => {
    const outbox = new Outbox(db, bus, { pollMs: 60_000 });
    await issue(new WebhookAnnouncer(outbox), 'Republished');
    await expect.poll(titlesHeard).toContain('Republished');
    // A relay whose mark was lost (it stopped after publishing) publishes the row again.
    await db.query(`UPDATE outbox SET sent_at = NULL`);
    await outbox.relay();
    await expect
      .poll(() => titlesHeard().filter((title) => title === 'Republished').length)
      .toBe(2);
    const ids = heard.flatMap((event) =>
      event.type === 'webhook.event' && event.event.data.title === 'Republished'
        ? [event.event.id]
        : [],
    );
    expect(new Set(ids).size).toBe(1);
    await outbox.stop();
  });
});
