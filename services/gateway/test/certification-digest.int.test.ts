import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityRpc } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { TEST_REDIS_URL } from '@hub/testing';
import { holderNoticeKey, sweepDay } from '../../observation/src/certifications/expiry-sweep.ts';
import { MailCatcher } from './mail-catcher.js';
import { startTestStack, type TestStack } from './test-stack.js';

/**
 * The expiry sweep at a small scale (decisions.md "Expiry notices"): each holder hears about
 * each certification, the training supervisors and the issuing observer once a sweep day.
 * Certifications are inserted as the issuer leaves them; the sweep runs with chosen days.
 */
const DIGEST = 'Certifications due for renewal';
const DAY_1 = new Date('2031-01-10T03:00:00Z');
const DAY_2 = new Date('2031-01-11T03:00:00Z');
const DAY_3 = new Date('2031-01-12T03:00:00Z');
const DAY_4 = new Date('2031-01-13T03:00:00Z');
const DAY_5 = new Date('2031-01-14T03:00:00Z');
const DAY_6 = new Date('2031-01-15T03:00:00Z');
const DAY_7 = new Date('2031-01-16T03:00:00Z');
const DAY_8 = new Date('2031-01-17T03:00:00Z');
const DAY_9 = new Date('2031-01-18T03:00:00Z');
const PASSWORD = 'Digest-Pass-123!';

let stack: TestStack;
let rpc: RpcClient;
let mail: MailCatcher;
let acme: number;
let globex: number;
const ids: Record<string, number> = {};
let subject = 0;

/** A certification of `holder` expiring at now() + `interval`, issued by Mia (the observer). */
async function certify(
  organizationId: number,
  holder: string,
  interval: string,
  revoked = false,
): Promise<number> {
  subject += 1;
  const { rows } = await stack.sql.query<{ id: number }>(
    `INSERT INTO observation.certifications (organization_id, user_id, holder_name, kind,
       subject_id, title, observer_id, validity_months, issued_at, expires_at,
       verification_code, revoked_at)
     VALUES ($1, $2, $3, 'sop', $4, $5, $6, 12, now() - interval '11 months',
             now() + $7::interval, $8, CASE WHEN $9::boolean THEN now() END)
     RETURNING id`,
    [
      organizationId,
      ids[holder],
      holder,
      subject,
      `SOP ${subject}`,
      ids.mia,
      interval,
      `CODE-${subject}`,
      revoked,
    ],
  );
  return rows[0]!.id;
}

/** Each person's notifications with this title, by name. */
async function noticesTitled(title: string): Promise<Record<string, string[]>> {
  const { rows } = await stack.sql.query<{ user_id: number; message: string }>(
    `SELECT user_id, message FROM identity.notifications WHERE title = $1 ORDER BY id`,
    [title],
  );
  const byName: Record<string, string[]> = {};
  for (const [name, id] of Object.entries(ids))
    byName[name] = rows.filter((row) => row.user_id === id).map((row) => row.message);
  return byName;
}

const digestsOf = async (name: string) => (await noticesTitled(DIGEST))[name]!;
const countAll = async () =>
  (await stack.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM identity.notifications`))
    .rows[0]!.n;
const mailsTo = (name: string) =>
  mail.mails.filter((caught) => caught.to === `${name}@test.test` && caught.subject === DIGEST);

const told = (expiringSoon: number, expired: number) =>
  `${expiringSoon} certification${expiringSoon === 1 ? '' : 's'} of your organization became due to expire soon and ${expired} expired`;

/** The sweep queued at the stack's start has run, so only the test's runs sweep. */
async function startupSweepDone() {
  for (;;) {
    const counts = await stack.observation.expiryQueue.getJobCounts('waiting', 'active');
    if ((counts.waiting ?? 0) + (counts.active ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  mail = new MailCatcher();
  stack = await startTestStack({ SMTP_URL: await mail.start() });
  rpc = new RpcClient(TEST_REDIS_URL, stack.redisPrefix);
  acme = await stack.createOrganization('Acme Foods', 'acme.test');
  globex = await stack.createOrganization('Globex Plant', 'globex.test');
  const people = [
    ['sam', 'training_supervisor', acme, true],
    ['sue', 'training_supervisor', acme, true],
    ['sid', 'training_supervisor', acme, true],
    ['sly', 'training_supervisor', acme, false],
    ['mia', 'manager', acme, true],
    ['adam', 'admin', acme, true],
    ['oli', 'operator', acme, true],
    ['ora', 'operator', acme, true],
    ['ozy', 'operator', acme, true],
    ['gus', 'training_supervisor', globex, true],
    ['gil', 'operator', globex, true],
  ] as const;
  for (const [name, role, organizationId, isActive] of people) {
    ids[name] = await stack.createUser({
      email: `${name}@test.test`,
      name,
      role,
      organizationId,
      isActive,
      password: PASSWORD,
    });
  }
  // Sam and Mia read their notifications by mail.
  for (const name of ['sam', 'mia'])
    await stack.sql.query(
      `INSERT INTO notification_settings (user_id, email_notifications) VALUES ($1, true)`,
      [ids[name]],
    );
  await startupSweepDone();
}, 120_000);

afterAll(async () => {
  await rpc?.close();
  await stack?.stop();
  await mail?.stop();
});

describe('certification expiry notices', () => {
  it('tell each holder per certification and each supervisor once, with the counts', async () => {
    const holders = ['oli', 'ora', 'ozy'];
    for (let n = 0; n < 18; n += 1) await certify(acme, holders[n % 3]!, `${1 + n} days`);
    for (let n = 0; n < 12; n += 1) await certify(acme, holders[n % 3]!, `-${1 + n} days`);
    await certify(acme, 'oli', '90 days');
    await certify(acme, 'ora', '-3 days', true);
    await certify(globex, 'gil', '5 days');

    expect(await stack.observation.expirySweep.run(DAY_1)).toBe(31);

    for (const name of ['sam', 'sue', 'sid', 'mia']) {
      expect(await digestsOf(name)).toEqual([
        `Since the last summary, ${told(18, 12)}. A new pass renews each one. See them: /insights/certifications`,
      ]);
    }
    expect(await digestsOf('sly')).toEqual([]);
    expect(await digestsOf('adam')).toEqual([]);
    expect((await digestsOf('gus'))[0]).toContain(
      `${told(1, 0)}. A new pass renews each one. See them: /insights/certifications?state=expiring_soon`,
    );
    const expiring = await noticesTitled('Certification expiring soon');
    const expired = await noticesTitled('Certification expired');
    for (const holder of holders) {
      expect(expiring[holder]).toHaveLength(6);
      expect(expired[holder]).toHaveLength(4);
    }
    expect(expiring.gil).toHaveLength(1);
    for (const name of ['sam', 'sue', 'sid', 'sly', 'mia', 'adam', 'gus'])
      expect([...expiring[name]!, ...expired[name]!]).toEqual([]);
    // Identity mails after it answers.
    await expect.poll(() => mailsTo('sam')).toHaveLength(1);
    await expect.poll(() => mailsTo('mia')).toHaveLength(1);
  });

  it('announces nothing again on a second run, nor on a delivery retried after a crash', async () => {
    const before = await countAll();
    expect(await stack.observation.expirySweep.run(DAY_1)).toBe(0);
    expect(await stack.observation.expirySweep.run(DAY_2)).toBe(0);
    // Killed after telling the supervisors, before marking the digest delivered.
    await stack.sql.query(`UPDATE observation.certification_digests SET delivered_at = NULL`);
    expect(await stack.observation.expirySweep.run(DAY_2)).toBe(0);
    expect(await countAll()).toBe(before);
    expect(mailsTo('sam')).toHaveLength(1);
    const { rows } = await stack.sql.query<{ days: number }>(
      `SELECT count(*)::int AS days FROM observation.certification_digests WHERE delivered_at IS NULL`,
    );
    expect(rows[0]!.days).toBe(0);
  });

  it("leaves what becomes due after the day's digest for the next one, in its latest state", async () => {
    await certify(acme, 'oli', '4 days');
    const changing = await certify(acme, 'ora', '2 days');
    expect(await stack.observation.expirySweep.run(DAY_1)).toBe(2);
    await stack.sql.query(
      `UPDATE observation.certifications SET expires_at = now() - interval '1 hour' WHERE id = $1`,
      [changing],
    );
    expect(await stack.observation.expirySweep.run(DAY_1)).toBe(1);
    expect(await digestsOf('sam')).toHaveLength(1);

    expect(await stack.observation.expirySweep.run(DAY_2)).toBe(0);
    for (const name of ['sam', 'sue', 'sid', 'mia']) {
      const digests = await digestsOf(name);
      expect(digests).toHaveLength(2);
      expect(digests[1]).toContain(`${told(1, 1)}. A new pass renews each one.`);
    }
    expect((await noticesTitled('Certification expired')).ora).toHaveLength(5);
    await expect.poll(() => mailsTo('sam')).toHaveLength(2);
  });

  it('announces a renewed certification again when it becomes due again', async () => {
    const renewed = await certify(acme, 'ozy', '3 days');
    expect(await stack.observation.expirySweep.run(DAY_2)).toBe(1);
    // A new pass, as the issuer renews: a new term, nothing announced about it yet.
    await stack.sql.query(
      `UPDATE observation.certifications
          SET issued_at = now(), expires_at = now() + interval '12 months', notified_state = NULL
        WHERE id = $1`,
      [renewed],
    );
    expect(await stack.observation.expirySweep.run(DAY_3)).toBe(0);
    expect(await digestsOf('sam')).toHaveLength(2);
    await stack.sql.query(
      `UPDATE observation.certifications SET expires_at = now() + interval '6 days' WHERE id = $1`,
      [renewed],
    );
    expect(await stack.observation.expirySweep.run(DAY_3)).toBe(1);
    expect((await noticesTitled('Certification expiring soon')).ozy).toHaveLength(8);
    const digests = await digestsOf('sue');
    expect(digests).toHaveLength(3);
    expect(digests[2]).toContain(told(1, 0));
  });

  it('tells a holder once when a sweep died after telling them, before its commit', async () => {
    const id = await certify(acme, 'ozy', '7 days');
    const { rows } = await stack.sql.query<{ expires_at: Date; title: string }>(
      `SELECT expires_at, title FROM observation.certifications WHERE id = $1`,
      [id],
    );
    const [{ expires_at, title }] = rows as [{ expires_at: Date; title: string }];
    // What the dead sweep had sent; its transaction (notified_state, the digest item) was lost.
    await rpc.call(identityRpc.notify, {
      userIds: [ids.ozy!],
      notification: {
        type: 'warning',
        key: 'certificationExpiring',
        params: { holder: 'ozy', title, expiresAt: expires_at.toISOString(), days: 6 },
      },
      key: holderNoticeKey({ id, expires_at }, 'expiring_soon'),
    });
    expect((await noticesTitled('Certification expiring soon')).ozy).toHaveLength(9);
    expect(await stack.observation.expirySweep.run(DAY_3)).toBe(1);
    expect((await noticesTitled('Certification expiring soon')).ozy).toHaveLength(9);
    const { rows: marked } = await stack.sql.query<{ notified_state: string }>(
      `SELECT notified_state FROM observation.certifications WHERE id = $1`,
      [id],
    );
    expect(marked[0]!.notified_state).toBe('expiring_soon');
  });

  it('tells each holder of a batch of many exactly their own notices, each event once', async () => {
    // Oli reads notifications by mail too: each of his notices is one mail.
    await stack.sql.query(
      `INSERT INTO notification_settings (user_id, email_notifications) VALUES ($1, true)`,
      [ids.oli],
    );
    const before = await expiryNotices();
    const made = await certifyMany(1200, 'batch');
    expect(await stack.observation.expirySweep.run(DAY_4)).toBe(1200);
    await expectEachHolderToldOnce(before, made, 'Batch', 30);
  }, 120_000);

  it('repeats nothing after a sweep killed mid-batch, after telling the holders', async () => {
    const before = await expiryNotices();
    const made = await certifyMany(700, 'killed');
    // The batch dies after identity told its holders, before its commit: its events, states and
    // digest items are lost with it.
    await stack.sql.query(`
      CREATE FUNCTION observation.die() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'killed'; END $$;
      CREATE TRIGGER die BEFORE INSERT ON observation.certification_digest_items
        FOR EACH ROW EXECUTE FUNCTION observation.die()`);
    await expect(stack.observation.expirySweep.run(DAY_5)).rejects.toThrow('killed');
    await stack.sql.query(`DROP FUNCTION observation.die() CASCADE`);
    const toldByTheDead = (await expiryNotices()).length - before.length;
    expect(toldByTheDead).toBe(500);
    expect(await webhookEventsOf(made)).toEqual([]);

    expect(await stack.observation.expirySweep.run(DAY_5)).toBe(700);
    await expectEachHolderToldOnce(before, made, 'Killed', 17);
  }, 120_000);

  it('delivers the digests of the batches told before one that fails', async () => {
    const sam = (await digestsOf('sam')).length;
    await certifyMany(500, 'first');
    // Due last, so alone in the second batch, which fails after telling its holder.
    const poisoned = await certify(acme, 'ozy', '29 days 20 hours');
    await stack.sql.query(`
      CREATE FUNCTION observation.poisoned() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'poisoned'; END $$;
      CREATE TRIGGER poisoned BEFORE INSERT ON observation.certification_digest_items
        FOR EACH ROW WHEN (NEW.certification_id = ${poisoned})
        EXECUTE FUNCTION observation.poisoned()`);
    await expect(stack.observation.expirySweep.run(DAY_6)).rejects.toThrow('poisoned');
    await stack.sql.query(`DROP FUNCTION observation.poisoned() CASCADE`);

    const { rows } = await stack.sql.query<{
      organization_id: number;
      expiring_soon: number;
      expired: number;
    }>(
      `SELECT organization_id, expiring_soon, expired FROM observation.certification_digests
        WHERE day = $1 AND delivered_at IS NOT NULL ORDER BY organization_id`,
      [sweepDay(DAY_6)],
    );
    expect(rows.reduce((sum, row) => sum + row.expiring_soon + row.expired, 0)).toBe(500);
    const ofAcme = rows.find((row) => row.organization_id === acme)!;
    const digests = await digestsOf('sam');
    expect(digests).toHaveLength(sam + 1);
    expect(digests[sam]).toContain(told(ofAcme.expiring_soon, ofAcme.expired));

    // The failed batch is taken up by the next run, in the next day's digest.
    expect(await stack.observation.expirySweep.run(DAY_7)).toBe(1);
    expect((await digestsOf('sam'))[sam + 1]).toContain(`${told(1, 0)}.`);
  }, 120_000);
});

describe("a holder's notices on their own calendar", () => {
  it('write the expiry date in the time zone the holder chose, stored and mailed alike', async () => {
    const lou = await stack.createUser({
      email: 'lou@test.test',
      name: 'lou',
      role: 'operator',
      organizationId: acme,
      password: PASSWORD,
    });
    await stack.sql.query(
      `INSERT INTO user_preferences (user_id, time_zone) VALUES ($1, 'America/Los_Angeles')`,
      [lou],
    );
    await stack.sql.query(
      `INSERT INTO notification_settings (user_id, email_notifications) VALUES ($1, true)`,
      [lou],
    );
    // 02:00 on 11 January in UTC is 18:00 on 10 January in Los Angeles.
    const expired = (title: string) => ({
      type: 'error' as const,
      key: 'certificationExpired' as const,
      params: { holder: 'lou', title, expiresAt: '2031-01-11T02:00:00.000Z' },
    });
    await rpc.call(identityRpc.notifyEach, {
      items: [{ userId: lou, notification: expired('Forklift'), key: 'calendar:each' }],
    });
    await rpc.call(identityRpc.notify, {
      userIds: [lou],
      notification: expired('Pallet jack'),
      key: 'calendar:one',
    });
    const written = ['Forklift', 'Pallet jack'].map(
      (title) =>
        `lou's certification "${title}" expired on 10 January 2031. A new pass renews it.\n`,
    );
    const { rows } = await stack.sql.query<{ message: string }>(
      `SELECT message FROM identity.notifications WHERE user_id = $1 ORDER BY id`,
      [lou],
    );
    expect(rows.map((row) => `${row.message}\n`)).toEqual(written);
    await expect
      .poll(() =>
        mail.mails
          .filter((caught) => caught.to === 'lou@test.test')
          .map((caught) => caught.text)
          .sort(),
      )
      .toEqual(written);
  });
});

/**
 * `count` due certifications (half expiring soon, half expired) of Ora, Ozy and Gil in turn and
 * of Oli every 40th (he reads them by mail: few mails), titled "<Label> <n>", inserted at once.
 */
async function certifyMany(count: number, label: string) {
  const holders = [ids.ora!, ids.ozy!, ids.gil!];
  const organizations = [acme, acme, globex];
  const { rows } = await stack.sql.query<{ id: number; user_id: number; title: string }>(
    `INSERT INTO observation.certifications (organization_id, user_id, holder_name, kind,
       subject_id, title, observer_id, validity_months, issued_at, expires_at, verification_code)
     SELECT CASE WHEN n % 40 = 0 THEN $7::int ELSE ($3::int[])[n % 3 + 1] END,
            CASE WHEN n % 40 = 0 THEN $8::int ELSE ($2::int[])[n % 3 + 1] END,
            'holder', 'sop', $6::int + n, initcap($1) || ' ' || n, $4, 12,
            now() - interval '11 months',
            now() + CASE WHEN n % 2 = 0 THEN interval '1 day' * (1 + n % 29)
                         ELSE -interval '1 day' * (1 + n % 29) END,
            $1 || '-' || n
       FROM generate_series(1, $5::int) AS n
     RETURNING id, user_id, title`,
    [label, holders, organizations, ids.mia, count, 100_000 + subject, acme, ids.oli],
  );
  subject += count;
  return rows.map((row) => ({ id: row.id, userId: row.user_id, title: row.title }));
}

/** Every holder's expiry notice so far, with the certification title it names. */
async function expiryNotices() {
  const { rows } = await stack.sql.query<{ id: number; user_id: number; title_of: string }>(
    `SELECT id, user_id, substring(message from '"([^"]*)"') AS title_of
       FROM identity.notifications
      WHERE title IN ('Certification expiring soon', 'Certification expired')`,
  );
  return rows;
}

/** The notices of `after` not in `before`. */
function newSince<T extends { id: number }>(before: T[], after: T[]): T[] {
  const old = new Set(before.map((notice) => notice.id));
  return after.filter((notice) => !old.has(notice.id));
}

/**
 * Since `before`, each of `made`'s holders heard of their certification once and nobody of
 * anything else, each had its webhook event once, and Oli (who reads by mail) got the `count`
 * mails of those titled "<label> <n>".
 */
async function expectEachHolderToldOnce(
  before: Awaited<ReturnType<typeof expiryNotices>>,
  made: { id: number; userId: number; title: string }[],
  label: string,
  count: number,
) {
  const toldNow = newSince(before, await expiryNotices());
  expect(toldNow.map((notice) => `${notice.user_id} ${notice.title_of}`).sort()).toEqual(
    made.map((one) => `${one.userId} ${one.title}`).sort(),
  );
  expect(await webhookEventsOf(made)).toEqual(made.map((one) => one.id).sort((a, b) => a - b));
  await expect
    .poll(() =>
      mail.mails.filter(
        (caught) => caught.to === 'oli@test.test' && caught.text.includes(`"${label} `),
      ),
    )
    .toHaveLength(count);
}

/** The certifications of these whose webhook event was written, by id (each once). */
async function webhookEventsOf(made: { id: number }[]): Promise<number[]> {
  const { rows } = await stack.sql.query<{ id: number }>(
    `SELECT (event->'event'->'data'->>'certificationId')::int AS id FROM observation.outbox
      WHERE event->>'type' = 'webhook.event'
        AND (event->'event'->'data'->>'certificationId')::int = ANY($1::int[])
      ORDER BY 1`,
    [made.map((one) => one.id)],
  );
  return rows.map((row) => row.id);
}

describe('the digest of an observer', () => {
  it('leaves them out once their role can no longer open the page it names', async () => {
    await stack.sql.query(`UPDATE identity.users SET role = 'operator' WHERE id = $1`, [ids.mia]);
    const [mia, sam] = [(await digestsOf('mia')).length, (await digestsOf('sam')).length];
    await certify(acme, 'ora', '5 days');
    expect(await stack.observation.expirySweep.run(DAY_8)).toBe(1);
    expect(await digestsOf('sam')).toHaveLength(sam + 1);
    expect(await digestsOf('mia')).toHaveLength(mia);
  });
});

describe('a suspended member', () => {
  it('is neither told nor mailed: no digest as a supervisor, no notice as a holder', async () => {
    // Sam (supervisor) and Oli (holder) read by mail: no notice, so no mail owed either.
    const suspend = (at: string) =>
      stack.sql.query(`UPDATE identity.users SET suspended_at = ${at} WHERE id = ANY($1::int[])`, [
        [ids.sam, ids.oli],
      ]);
    await suspend('now()');
    // Not among the digest's readers the sweep asks identity for (its only use of the list).
    const readers = await rpc.call(identityRpc.activeMemberIds, { organizationId: acme });
    expect(readers.flatMap((group) => group.userIds)).not.toContain(ids.sam);
    const [sam, sue] = [(await digestsOf('sam')).length, (await digestsOf('sue')).length];
    const oli = (await noticesTitled('Certification expiring soon')).oli!.length;
    const held = await certify(acme, 'oli', '8 days');
    expect(await stack.observation.expirySweep.run(DAY_9)).toBe(1);
    expect(await digestsOf('sue')).toHaveLength(sue + 1);
    expect(await digestsOf('sam')).toHaveLength(sam);
    expect((await noticesTitled('Certification expiring soon')).oli).toHaveLength(oli);
    // The certification still runs its course: announced, its state kept, its holder untold.
    const { rows } = await stack.sql.query<{ notified_state: string }>(
      `SELECT notified_state FROM observation.certifications WHERE id = $1`,
      [held],
    );
    expect(rows[0]?.notified_state).toBe('expiring_soon');
    await suspend('NULL');
  });
});
