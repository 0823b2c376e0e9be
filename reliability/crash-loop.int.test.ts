import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  createOrganization,
  createPeople,
  type Person,
  publishedSop,
  waitFor,
} from '../e2e/records.js';
import { writeFigures } from './figures.js';
import { launchStack, type LaunchedStack } from './launched-stack.js';
import { Recorder } from './load-stats.js';
import { runLoad } from './load.js';
import { paperPdf, uploadDocument } from './uploads.js';
import { alive } from './worker-kills.js';

/**
 * The PDF worker killed with SIGKILL KILLS times within two minutes (what the kernel's OOM
 * killer does to a worker that meets hostile PDFs again and again) while people browse and a
 * supervisor keeps uploading: the launcher restarts it every time and nothing else stops. No
 * browsing request fails, the worker runs again after the last kill, and every document ends
 * processed exactly once, or failed with a reason a person can read.
 */
const KILLS = Number(process.env.RELIABILITY_CRASH_KILLS || 10);
const KILL_PHASE_MS = 120_000;
/** Browsing and uploads go on this long after the last restart: the product serves them still. */
const AFTER_KILLS_MS = 5_000;
const PASSWORD = 'Reliability-Crash-Pass-1!';
const BROWSERS = 6;

let stack: LaunchedStack;
let sql: pg.Client;
let supervisor: Api;
let browsers: { email: string; role: 'operator' }[];
let operatorIds: number[];
let sop: Awaited<ReturnType<typeof publishedSop>>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  stack = await launchStack();
  sql = new pg.Client({ connectionString: stack.resources.databaseUrl });
  await sql.connect();
  const organizationId = await createOrganization(stack, 'Crash Works', 'crash-works.test');
  const people: Record<string, Person> = {
    sam: { name: 'Sam Supervisor', email: 'sam@crash-works.test', role: 'training_supervisor' },
  };
  for (let index = 0; index < BROWSERS; index += 1) {
    people[`op${index}`] = {
      name: `Operator ${index}`,
      email: `op${index}@crash-works.test`,
      role: 'operator',
    };
  }
  const ids = await createPeople(stack, organizationId, people, PASSWORD);
  supervisor = await new Api(stack).login('sam@crash-works.test', PASSWORD);
  browsers = Array.from({ length: BROWSERS }, (_, index) => ({
    email: `op${index}@crash-works.test`,
    role: 'operator' as const,
  }));
  operatorIds = browsers.map((_, index) => ids[`op${index}`]!);
  sop = await publishedSop(stack, supervisor, 'Cooling cooked food', 'food-safety');
}, 600_000);

afterAll(async () => {
  await sql?.end();
  await stack?.stop();
});

/** Kills the worker KILLS times, each time once the launcher has it running again. */
async function killRepeatedly(): Promise<number[]> {
  const restartSeconds: number[] = [];
  for (let kill = 1; kill <= KILLS; kill += 1) {
    const pid = stack.pids.get('pdf-worker')!;
    expect(alive(pid)).toBe(true);
    // Up for a moment, long enough to take a job, never long enough to count as recovered.
    await sleep(500 + Math.random() * 1500);
    process.kill(pid, 'SIGKILL');
    const killedAt = Date.now();
    await stack.restarted('pdf-worker', kill, 60_000);
    restartSeconds.push((Date.now() - killedAt) / 1000);
  }
  return restartSeconds;
}

/** A supervisor uploads a 14-page paper every few seconds until `stop` resolves. */
async function keepUploading(stopped: () => boolean, documents: number[]): Promise<void> {
  const paper = paperPdf();
  while (!stopped()) {
    const title = `Crash trial ${documents.length + 1}`;
    documents.push(await uploadDocument(stack, supervisor, title, paper));
    await sleep(4000);
  }
}

describe(`the PDF worker killed ${KILLS} times within two minutes while people browse`, () => {
  it('keeps every browsing request answered and ends every document once, processed or failed with a reason', async () => {
    const recorder = new Recorder();
    const documents: number[] = [];
    let killing = true;
    const started = Date.now();
    const browsing = runLoad(
      {
        url: stack.url,
        password: PASSWORD,
        users: browsers,
        operatorIds,
        sop,
        pdf: paperPdf(),
        durationMs: KILL_PHASE_MS,
        // The trial lasts as long as the kills take, not a fixed two minutes.
        stopped: () => !killing,
        sessionMs: 5 * 60_000,
      },
      recorder,
    );
    const uploading = keepUploading(() => !killing, documents);
    const restartSeconds = await killRepeatedly();
    const killSeconds = (Date.now() - started) / 1000;
    await sleep(AFTER_KILLS_MS);
    killing = false;
    await Promise.all([browsing, uploading]);

    const pid = stack.pids.get('pdf-worker')!;
    expect(alive(pid)).toBe(true);
    expect(recorder.samples).toEqual([]);
    // Nothing but the killed worker was restarted.
    expect([...stack.restarts.keys()]).toEqual(['pdf-worker']);

    const state = async () =>
      (
        await sql.query<{ id: number; processed: boolean; processing_error: string | null }>(
          `SELECT id, processed, processing_error FROM library.documents WHERE id = ANY($1)`,
          [documents],
        )
      ).rows;
    // A killed job waits for its lock to run out before it runs again.
    await waitFor(
      async () => (await state()).every((row) => row.processed || row.processing_error),
      300_000,
    );
    const rows = await state();
    const failed = rows.filter((row) => !row.processed);
    for (const row of failed) expect(row.processing_error).toMatch(/\w{10,}/);
    const runs = await sql.query<{ id: number; notices: string }>(
      `SELECT d.id, count(n.id) AS notices
         FROM library.documents d
         LEFT JOIN identity.notifications n
           ON n.title = 'Document processed' AND n.message LIKE '%"' || d.title || '"%'
        WHERE d.id = ANY($1) AND d.processed
        GROUP BY d.id`,
      [documents],
    );
    expect(runs.rows.filter((row) => row.notices !== '1')).toEqual([]);

    const health = (await (await fetch(`${stack.url}/api/health`)).json()) as {
      processes: Record<string, { restarts: number }>;
    };
    expect(health.processes['pdf-worker']!.restarts).toBe(KILLS);
    writeFigures('crash-loop', {
      kills: KILLS,
      killPhaseSeconds: killSeconds,
      restartSeconds,
      browsingRequests: recorder.requests,
      browsingErrors: recorder.errors,
      documents: documents.length,
      processed: rows.length - failed.length,
      failedWithReason: failed.map((row) => row.processing_error),
    });
  }, 900_000);
});
