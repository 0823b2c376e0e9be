import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, createOrganization, createPeople, waitFor } from '../e2e/records.js';
import { launchStack, type LaunchedStack } from './launched-stack.js';
import { writeFigures } from './figures.js';
import { longSopPdf, paperPdf, testVideo, uploadDocument, uploadVideo } from './uploads.js';
import { killTrials, type KillKind, type KillReport } from './worker-kills.js';

/**
 * kill -9 of each worker kind (pdf-worker, quiz-worker, video-worker) in the middle of a job,
 * RELIABILITY_KILL_TRIALS times each (3 in CI, 20 nightly), under `npm start`'s launcher: the
 * supervisor restarts the worker, BullMQ gives the job whose lock ran out to the new one, and
 * every job ends exactly once: each document processed with one evaluation, each video analysed,
 * one notification per result and none of failure, no second processing run.
 */
const TRIALS = Number(process.env.RELIABILITY_KILL_TRIALS || 3);
const PASSWORD = 'Reliability-Pass-1!';
/** A killed job waits for its lock and the next stalled-job check (10 s and 5 s in the launched stack). */
const RECOVERY_MS = 300_000 + TRIALS * 30_000;

let stack: LaunchedStack;
let sql: pg.Client;
let supervisor: Api;
/** A kill that comes just after the job ended does not count: a few subjects to spare. */
const SUBJECTS = TRIALS + 2;
const titles = { pdf: [] as string[], quiz: [] as string[], video: [] as string[] };
const ids = { pdf: [] as number[], quiz: [] as number[], video: [] as number[] };
/** How many quiz documents and videos the trials used (in order). */
const used = { quiz: 0, video: 0 };

/** Waits for `check`; on time-out says where every document and video stands. */
async function settle(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  try {
    await waitFor(check, timeoutMs);
  } catch (error) {
    const documents = await Promise.all([...ids.pdf, ...ids.quiz].map(document));
    const videos = await Promise.all(ids.video.map(video));
    const state = {
      documents: documents.map(({ title, progress, processingError, evaluationGenerated }) => ({
        title,
        progress,
        processingError,
        evaluationGenerated,
      })),
      videos: videos.map(({ title, analysisStatus, analysisError, durationSeconds }) => ({
        title,
        analysisStatus,
        analysisError,
        durationSeconds,
      })),
    };
    throw new Error(
      `${String(error)}\n${JSON.stringify(state, null, 1)}\nThe launcher printed:\n${stack.tail()}`,
      { cause: error },
    );
  }
}

const document = async (id: number) => supervisor.call('GET', `/api/library/documents/${id}`);
const video = async (id: number) => supervisor.call('GET', `/api/videos/${id}`);

beforeAll(async () => {
  stack = await launchStack();
  sql = new pg.Client({ connectionString: stack.resources.databaseUrl });
  await sql.connect();
  const organizationId = await createOrganization(stack, 'Kill Trials', 'kill-trials.test');
  const person = { name: 'Sam Supervisor', email: 'sam@kill-trials.test', role: 'admin' };
  await createPeople(stack, organizationId, { person }, PASSWORD);
  supervisor = await new Api(stack).login(person.email, PASSWORD);

  // What the quiz and video trials work on is made first, without kills: a regeneration or an
  // analysis is then one job of the killed worker alone.
  const longSop = longSopPdf(60);
  const mp4 = testVideo(30);
  for (let trial = 1; trial <= SUBJECTS; trial += 1) {
    titles.quiz.push(`Quiz trial ${trial}`);
    ids.quiz.push(await uploadDocument(stack, supervisor, `Quiz trial ${trial}`, longSop));
    titles.video.push(`Video trial ${trial}`);
    ids.video.push(await uploadVideo(stack, supervisor, `Video trial ${trial}`, mp4));
  }
  await settle(async () => {
    const documents = await Promise.all(ids.quiz.map(document));
    const videos = await Promise.all(ids.video.map(video));
    return (
      documents.every((one) => one.evaluationGenerated) &&
      videos.every((one) => one.durationSeconds !== null)
    );
  }, 240_000);
}, 600_000);

afterAll(async () => {
  await sql?.end();
  await stack?.stop();
});

function next(kind: 'quiz' | 'video'): number {
  const id = ids[kind][used[kind]];
  if (id === undefined) throw new Error(`more than ${SUBJECTS} ${kind} trials were needed`);
  used[kind] += 1;
  return id;
}

function kinds(): KillKind[] {
  const paper = paperPdf();
  return [
    {
      worker: 'pdf-worker',
      queue: 'pdf-processing',
      feed: async (trial) => {
        const title = `PDF trial ${trial}`;
        titles.pdf.push(title);
        ids.pdf.push(await uploadDocument(stack, supervisor, title, paper));
      },
    },
    {
      worker: 'quiz-worker',
      queue: 'quiz-generation',
      feed: async () => {
        const id = next('quiz');
        await supervisor.call('POST', `/api/library/documents/${id}/evaluation/regenerate`);
      },
    },
    {
      worker: 'video-worker',
      queue: 'video-analysis',
      feed: async () => {
        const id = next('video');
        await supervisor.call('POST', `/api/videos/${id}/analyze`, { linkedSOPs: [] });
      },
    },
  ];
}

/** Notifications of each title whose message names the subject ("Title"). */
async function notificationsAbout(subject: string): Promise<Record<string, number>> {
  const { rows } = await sql.query<{ title: string; count: string }>(
    `SELECT title, count(*) FROM identity.notifications WHERE message LIKE $1 GROUP BY title`,
    [`%"${subject}"%`],
  );
  return Object.fromEntries(rows.map((row) => [row.title, Number(row.count)]));
}

/** Each subject has exactly these notifications: no result lost, none twice, no failure. */
async function expectOnce(subjects: string[], expected: Record<string, number>) {
  for (const subject of subjects)
    expect(await notificationsAbout(subject), subject).toEqual(expected);
}

describe(`kill -9 of each worker kind mid-job (${TRIALS} trials each)`, () => {
  let reports: KillReport[] = [];

  it(
    'restarts each killed worker and ends every job exactly once',
    async () => {
      const started = Date.now();
      reports = await Promise.all(kinds().map((kind) => killTrials(stack, kind, TRIALS)));
      const killsDone = Date.now();
      await settle(async () => {
        const documents = await Promise.all([...ids.pdf, ...ids.quiz].map(document));
        const videos = await Promise.all(ids.video.slice(0, used.video).map(video));
        return (
          documents.every((one) => one.evaluationGenerated && one.progress?.stage === 'done') &&
          videos.every((one) => ['completed', 'failed'].includes(one.analysisStatus))
        );
      }, RECOVERY_MS);
      const recoveredSeconds = (Date.now() - killsDone) / 1000;

      for (const report of reports) expect(report.midJob).toBe(TRIALS);
      await expectOnce(titles.pdf, { 'Document processed': 1, 'Evaluation generated': 1 });
      // The first generation, then the one of the regeneration the trial killed.
      const quizzed = titles.quiz.slice(0, used.quiz);
      await expectOnce(quizzed, { 'Document processed': 1, 'Evaluation generated': 2 });
      await expectOnce(titles.quiz.slice(used.quiz), {
        'Document processed': 1,
        'Evaluation generated': 1,
      });
      await expectOnce(titles.video.slice(0, used.video), { 'Video analysed': 1 });
      const documents = await sql.query<{ runs: number; evaluations: string }>(
        `SELECT max(d.processing_run) AS runs, count(e.id) AS evaluations
           FROM library.documents d LEFT JOIN library.evaluations e ON e.document_id = d.id`,
      );
      const evaluations = String(ids.pdf.length + ids.quiz.length);
      expect(documents.rows[0]).toEqual({ runs: 1, evaluations });
      const analyses = await sql.query<{ status: string; run: number }>(
        `SELECT analysis_status AS status, analysis_run AS run FROM video.videos ORDER BY id`,
      );
      expect(analyses.rows).toEqual(
        ids.video.map((_, index) =>
          index < used.video ? { status: 'completed', run: 1 } : { status: 'pending', run: 0 },
        ),
      );
      expect(stack.tail()).not.toContain('crash loop');

      writeFigures('worker-kills', {
        trials: TRIALS,
        workers: reports,
        killPhaseSeconds: (killsDone - started) / 1000,
        recoveredSecondsAfterLastKill: recoveredSeconds,
        documents: ids.pdf.length + ids.quiz.length,
        videos: ids.video.length,
      });
    },
    RECOVERY_MS + TRIALS * 3 * 120_000,
  );
});
