import { get, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, OBSERVATION_HISTORY_CSV_BATCH_ROWS } from '@hub/proto';
import { signedIn } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, type TestStack } from './test-stack.js';

/**
 * A CSV download keeps to the credential it started with: signed out, or its API token
 * revoked, it is cut off mid-way instead of running to its end. The credential is checked
 * before every part here (`CSV_CREDENTIAL_CHECK_SECONDS=0`) and the body is read a part at a
 * time, so nothing waits for a clock. Acme's history comes in 5 parts of about 11 MB (rows of
 * 1 KB), each larger than what the sockets buffer: while the test holds the first part
 * unread, the gateway can have taken only the next one from the service, so the parts after
 * the revocation are checked before they are sent. Initech's short history, read whole, shows
 * a credential that holds is asked about without cutting anything.
 */

const PASSWORD = 'Csv-Admin-Pass-1!';
const LONG_ROWS = OBSERVATION_HISTORY_CSV_BATCH_ROWS * 5;
const SHORT_ROWS = OBSERVATION_HISTORY_CSV_BATCH_ROWS * 2 + 10;

let stack: TestStack;
let acme: number;
let initech: number;
let acmeAdmin: ApiSession;
let initechAdmin: ApiSession;

/** An organization with its administrator signed in and `rows` observations of `title`. */
async function organizationWithHistory(domain: string, rows: number, title: string) {
  const organization = await stack.createOrganization(domain, domain);
  const email = `admin@${domain}`;
  const adminId = await stack.createUser({
    email,
    role: 'admin',
    organizationId: organization,
    password: PASSWORD,
  });
  await stack.sql.query(
    `INSERT INTO observation.observations (organization_id, evaluation_id, document_id,
       evaluation_title, questions, operator_id, operator_name, observer_id, observer_name,
       pass_mark, status, score, passed, completed_at)
     SELECT $1, 1, 9, 'Line ' || n || ' ' || $4, '[]', $2, 'Ada Admin', $2, 'Ada Admin', 80,
            'completed', 90, true, now() - interval '1 day'
       FROM generate_series(1, $3::int) AS n`,
    [organization, adminId, rows, title],
  );
  return { organization, admin: await signedIn(stack, email, PASSWORD) };
}

beforeAll(async () => {
  stack = await startTestStack({ CSV_CREDENTIAL_CHECK_SECONDS: '0' });
  ({ organization: acme, admin: acmeAdmin } = await organizationWithHistory(
    'acme.test',
    LONG_ROWS,
    'cooling cooked food '.repeat(50),
  ));
  ({ organization: initech, admin: initechAdmin } = await organizationWithHistory(
    'initech.test',
    SHORT_ROWS,
    'Cooling',
  ));
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

interface Download {
  status: number;
  /** The next part of the body, null at its end; rejects when the response is cut off. */
  next(): Promise<Buffer | null>;
}

/** A GET whose body is read only as far as the test asks (the response stays paused). */
function download(path: string, headers: Record<string, string>): Promise<Download> {
  return new Promise((resolve, reject) => {
    get(`${stack.url}${path}`, { headers }, (response: IncomingMessage) => {
      const parts = response[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      resolve({
        status: response.statusCode ?? 0,
        next: async () => {
          const part = await parts.next();
          return part.done ? null : part.value;
        },
      });
    }).on('error', reject);
  });
}

/** Reads what is left: the lines received, and whether the response ended whole. */
async function rest(body: Download, received: Buffer[]) {
  let cutOff = false;
  try {
    for (let part = await body.next(); part; part = await body.next()) received.push(part);
  } catch {
    cutOff = true;
  }
  const lines = Buffer.concat(received).toString().split('\r\n').length - 1;
  return { cutOff, lines };
}

async function reportsRecorded(organization: number): Promise<number> {
  const { rows } = await stack.sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM observation.report_exports WHERE organization_id = $1`,
    [organization],
  );
  return rows[0]!.count;
}

function apiToken(admin: ApiSession) {
  return admin.call(api.createApiToken, {
    body: { name: 'Reports', role: 'admin', readOnly: true, expiresInDays: 30 },
  });
}

describe('a CSV download', () => {
  it('runs to its end while its API token holds, checked before every part', async () => {
    const { secret } = await apiToken(initechAdmin);
    const before = await reportsRecorded(initech);
    const body = await download(api.observationHistoryCsv.path, {
      authorization: `Bearer ${secret}`,
    });
    expect(body.status).toBe(200);
    const { cutOff, lines } = await rest(body, []);
    expect(cutOff).toBe(false);
    // The header and every row.
    expect(lines).toBe(SHORT_ROWS + 1);
    expect(await reportsRecorded(initech)).toBe(before + 1);
  }, 120_000);

  it('is cut off once its API token is revoked, and counts no report', async () => {
    const { token, secret } = await apiToken(acmeAdmin);
    const before = await reportsRecorded(acme);
    const body = await download(api.observationHistoryCsv.path, {
      authorization: `Bearer ${secret}`,
    });
    expect(body.status).toBe(200);
    const first = await body.next();
    expect(first!.toString()).toMatch(/^\uFEFFObservation,/);
    await acmeAdmin.call(api.revokeApiToken, { params: { id: token.id } });
    const { cutOff, lines } = await rest(body, [first!]);
    expect(cutOff).toBe(true);
    expect(lines).toBeLessThan(LONG_ROWS + 1);
    expect(await reportsRecorded(acme)).toBe(before);
  }, 120_000);

  it('is cut off once its session is signed out', async () => {
    const reader = await signedIn(stack, 'admin@acme.test', PASSWORD);
    const body = await download(api.observationHistoryCsv.path, { cookie: reader.cookie });
    expect(body.status).toBe(200);
    const first = await body.next();
    expect(first!.toString()).toMatch(/^\uFEFFObservation,/);
    expect((await reader.send(api.logout)).status).toBeLessThan(300);
    const { cutOff, lines } = await rest(body, [first!]);
    expect(cutOff).toBe(true);
    expect(lines).toBeLessThan(LONG_ROWS + 1);
  }, 120_000);
});
