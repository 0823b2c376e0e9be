import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, Queue, Worker } from 'bullmq';
import type { DataSource } from 'typeorm';
import { identityRpc, QUEUE_CONTRACTS, type RpcContract } from '@hub/proto';
import { openQueue, type RpcClient, startWorker, WebhookAnnouncer } from '@hub/kit';
import { claimTemplateResources, TEST_REDIS_URL, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { CertificationExpirySweep, SWEEP_SCHEDULE } from './expiry-sweep.js';

/**
 * The expiry sweep's job while identity is away (decisions.md "Expiry notices"): a run that
 * fails is tried again minutes later, for about an hour, not three times within seconds and
 * then at the next 03:00; once identity is back, everyone due is told, once.
 */
const ACME = 71;
const GLOBEX = 72;
const SUPERVISOR = 500;
const OUTAGE_MS = 30 * 60_000;

/** Identity as the sweep calls it: away (all of it, or for the digests only), else telling. */
class PlayedIdentity {
  away = true;
  digestsAway = false;
  /** The keys people were told under, each time they were. */
  readonly told: string[] = [];

  readonly rpc = {
    call: (contract: RpcContract, request: unknown) => this.answer(contract, request),
  } as unknown as RpcClient;

  private async answer(contract: RpcContract, request: unknown): Promise<unknown> {
    if (this.away) throw new Error('The identity service did not answer in time.');
    if (contract === identityRpc.membersByIds) {
      const { userIds } = request as { userIds: number[] };
      return userIds.map((id) => ({ id, suspended: false }));
    }
    if (contract === identityRpc.notifyEach) {
      const { items } = request as { items: { key: string }[] };
      this.told.push(...items.map((item) => item.key));
      return { delivered: items.length };
    }
    if (this.digestsAway) throw new Error('The identity service did not answer in time.');
    if (contract === identityRpc.memberIdPage) {
      // The supervisor, in every organization: a supervisor and an observer of each digest.
      const { afterId } = request as { afterId: number };
      return afterId < SUPERVISOR ? [SUPERVISOR] : [];
    }
    const { key, userIds } = request as { key: string; userIds: number[] };
    this.told.push(...userIds.map(() => key));
    return { delivered: userIds.length };
  }
}

/** The total of a job's waits between its attempts, as BullMQ's backoff gives them. */
function retryWindowMs(job: Job): number {
  const { attempts = 1, backoff } = job.opts;
  const delay = typeof backoff === 'number' ? backoff : (backoff?.delay ?? 0);
  const exponential = typeof backoff === 'object' && backoff.type === 'exponential';
  let total = 0;
  for (let retry = 1; retry < attempts; retry += 1)
    total += exponential ? delay * 2 ** (retry - 1) : delay;
  return total;
}

async function until<T>(look: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const found = await look();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} within 20 s`);
}

describe("the certification expiry sweep's job", () => {
  let resources: TestResources;
  let db: DataSource;
  let identity: PlayedIdentity;
  let sweep: CertificationExpirySweep;
  let queue: Queue;
  let worker: Worker;

  /** A certification of `userId` expiring in 10 days, issued by `observerId`. */
  async function expiringSoon(organizationId: number, userId: number): Promise<number> {
    const rows = (await db.query(
      `INSERT INTO certifications (organization_id, user_id, holder_name, kind, subject_id, title,
         observer_id, validity_months, issued_at, expires_at, verification_code)
       VALUES ($1, $2, 'Otto', 'sop', 4, 'Cooling', $3, 12, now() - interval '50 weeks',
               now() + interval '10 days', $4)
       RETURNING id`,
      [organizationId, userId, SUPERVISOR, `RETRY-${userId}`],
    )) as { id: number }[];
    return rows[0]!.id;
  }

  const toldUnder = (prefix: string) => identity.told.filter((key) => key.startsWith(prefix));

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    identity = new PlayedIdentity();
    sweep = new CertificationExpirySweep(
      db,
      identity.rpc,
      new WebhookAnnouncer({ publish: () => Promise.resolve() }),
    );
    const connection = { url: TEST_REDIS_URL, prefix: resources.redisPrefix };
    queue = openQueue(QUEUE_CONTRACTS.certificationExpiry, connection);
    worker = startWorker(QUEUE_CONTRACTS.certificationExpiry, connection, () => sweep.run());
  });

  afterAll(async () => {
    await worker?.close();
    await queue?.close();
    await db?.destroy();
    await resources?.release();
  });

  it('retries a run identity failed for longer than a short outage, then tells each once', async () => {
    const certification = await expiringSoon(ACME, 7);
    await CertificationExpirySweep.schedule(queue);

    // The run at the start failed; its retry waits minutes, and more follow for the outage.
    const failed = await until(async () => {
      const jobs = await queue.getJobs(['delayed', 'failed']);
      return jobs.find((job) => !job.repeatJobKey && job.attemptsMade > 0);
    }, 'no failed run');
    expect(await failed.getState()).toBe('delayed');
    expect(failed.delay).toBeGreaterThanOrEqual(30_000);
    expect(retryWindowMs(failed)).toBeGreaterThanOrEqual(OUTAGE_MS);
    // So does the daily run's.
    const daily = (await queue.getJobs(['delayed'])).find(
      (job) => job.repeatJobKey === SWEEP_SCHEDULE.id,
    );
    expect(daily && retryWindowMs(daily)).toBeGreaterThanOrEqual(OUTAGE_MS);

    // Identity is back by the retry (brought forward here): the holder and the digest are told.
    identity.away = false;
    await failed.promote();
    await until(
      async () => ((await queue.getJobState(failed.id!)) === 'unknown' ? true : undefined),
      'the retry not done',
    );
    expect(toldUnder(`certification:${certification}:`)).toHaveLength(1);
    expect(toldUnder(`certification-digest:${ACME}:`)).toEqual([
      expect.stringMatching(/^certification-digest:71:\d{4}-\d\d-\d\d$/),
    ]);
    // Another run repeats nothing.
    expect(await sweep.run()).toBe(0);
    expect(toldUnder(`certification:${certification}:`)).toHaveLength(1);
    expect(toldUnder(`certification-digest:${ACME}:`)).toHaveLength(1);
  }, 60_000);

  it('fails a run whose digest identity did not take, so that the retry delivers it', async () => {
    const certification = await expiringSoon(GLOBEX, 8);
    identity.away = false;
    identity.digestsAway = true;
    await expect(sweep.run()).rejects.toThrow('not delivered');
    expect(toldUnder(`certification:${certification}:`)).toHaveLength(1);
    expect(toldUnder(`certification-digest:${GLOBEX}:`)).toEqual([]);

    identity.digestsAway = false;
    expect(await sweep.run()).toBe(0);
    expect(toldUnder(`certification:${certification}:`)).toHaveLength(1);
    expect(toldUnder(`certification-digest:${GLOBEX}:`)).toHaveLength(1);
  });
});
