import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskStorage, openQueue, startWorker, type QueueConnection } from '@hub/runtime';
import { claimTestResources, TEST_REDIS_URL, type TestResources } from '@hub/testing';
import {
  QUEUES,
  VideoInboxMessage,
  type AnalysisReport,
  type FaceEnrolment,
  type FaceEnrolmentJob,
  type VideoAnalysisJob,
} from '@hub/proto';
import type { Queue, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalysisHandler, type AnalysisSettings } from './analysis-job.ts';
import { DEFAULT_MATCH_MARGIN, DEFAULT_MATCH_THRESHOLD } from './config.ts';
import { createEnrolmentHandler, NO_FACE_REASON, severalFacesReason } from './enrolment-job.ts';
import { DEFAULT_CLUSTER_OPTIONS } from './faces/clustering.ts';
import { FaceApiModel } from './faces/face-api-model.ts';
import { findBinaries } from './frames/binaries.ts';
import { GeminiStepAnalyzer } from './steps/gemini-step-analyzer.ts';
import { NO_PROVIDER_MESSAGE, type StepAnalyzer } from './steps/step-analyzer.ts';
import { FakeGemini } from './test-support/fake-gemini.ts';
import {
  facePhoto,
  facesDir,
  makeAudioOnly,
  makeBlankPicture,
  makeVideo,
  PEOPLE,
  type Person,
  type Still,
} from './test-support/media.ts';

const binaries = findBinaries();
const folder = mkdtempSync(join(tmpdir(), 'video-worker-test-'));
const storage = new LocalDiskStorage(join(folder, 'objects'));
const settings: AnalysisSettings = {
  sampleFps: 1,
  frameWidth: 640,
  frameHeight: 480,
  matchThreshold: DEFAULT_MATCH_THRESHOLD,
  matchMargin: DEFAULT_MATCH_MARGIN,
  cluster: DEFAULT_CLUSTER_OPTIONS,
  timeoutMs: 120_000,
};
const USER_IDS: Record<Person, number> = { amy: 1, bernadette: 2, howard: 3, leonard: 4 };
const nameOf = (userId: number) => PEOPLE.find((person) => USER_IDS[person] === userId)!;

let model: FaceApiModel;

/** The worker's queues and handlers on a Redis prefix of their own. */
class Harness {
  readonly resources: TestResources = claimTestResources();
  readonly connection: QueueConnection = {
    url: TEST_REDIS_URL,
    prefix: this.resources.redisPrefix,
  };
  readonly inbox: Queue<VideoInboxMessage> = openQueue(QUEUES.videoInbox, this.connection);
  readonly analysisJobs: Queue<VideoAnalysisJob> = openQueue(QUEUES.videoAnalysis, this.connection);
  readonly enrolmentJobs: Queue<FaceEnrolmentJob> = openQueue(
    QUEUES.faceEnrolment,
    this.connection,
  );
  private readonly workers: Worker[] = [];

  constructor(steps: StepAnalyzer | null, overrides: Partial<AnalysisSettings> = {}) {
    const deps = { storage, inbox: this.inbox, faces: model, binaries };
    this.workers.push(
      startWorker(QUEUES.faceEnrolment, this.connection, createEnrolmentHandler(deps)),
      startWorker(
        QUEUES.videoAnalysis,
        this.connection,
        createAnalysisHandler({ ...deps, steps, settings: { ...settings, ...overrides } }),
      ),
    );
  }

  async messages(): Promise<VideoInboxMessage[]> {
    const jobs = await this.inbox.getJobs(['waiting', 'delayed', 'prioritized'], 0, -1, true);
    return jobs.map((job) => VideoInboxMessage.parse(job.data));
  }

  async waitFor<T extends VideoInboxMessage>(
    match: (message: VideoInboxMessage) => message is T,
    timeoutMs = 120_000,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = (await this.messages()).find(match);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('No such message in the video inbox in time');
  }

  async enrol(userId: number, pictureKey: string) {
    await this.enrolmentJobs.add('enrol', { userId, organizationId: 1, pictureKey, changedBy: 99 });
    return this.waitFor(
      (m): m is Extract<VideoInboxMessage, { kind: 'face.enrolled' | 'face.rejected' }> =>
        (m.kind === 'face.enrolled' || m.kind === 'face.rejected') &&
        m.userId === userId &&
        m.pictureKey === pictureKey,
    );
  }

  async analyse(
    job: Omit<VideoAnalysisJob, 'organizationId' | 'run' | 'prompt' | 'sops'> &
      Partial<VideoAnalysisJob>,
  ) {
    await this.analysisJobs.add(
      'analyse',
      {
        organizationId: 1,
        run: 1,
        prompt: 'Check the operator follows each step.',
        sops: [],
        ...job,
      },
      { attempts: 1 },
    );
    return this.waitFor(
      (m): m is Extract<VideoInboxMessage, { kind: 'analysis.completed' | 'analysis.failed' }> =>
        (m.kind === 'analysis.completed' || m.kind === 'analysis.failed') &&
        m.videoId === job.videoId,
      180_000,
    );
  }

  async close() {
    await Promise.all(this.workers.map((worker) => worker.close()));
    await Promise.all([this.inbox.close(), this.analysisJobs.close(), this.enrolmentJobs.close()]);
    await this.resources.release().catch(() => undefined);
  }
}

async function putFile(key: string, file: string) {
  await storage.put(key, readFileSync(file), 'application/octet-stream');
}

const completed = (message: VideoInboxMessage): AnalysisReport => {
  if (message.kind !== 'analysis.completed')
    throw new Error(`Not completed: ${JSON.stringify(message)}`);
  return message.report;
};

beforeAll(async () => {
  model = await FaceApiModel.load({ backend: 'wasm', minConfidence: 0.5 });
}, 60_000);

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe('face enrolment and operator identification on real photos', () => {
  let harness: Harness;
  const enrolments: FaceEnrolment[] = [];

  beforeAll(() => {
    harness = new Harness(null);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('enrols one face from each profile picture', async () => {
    for (const person of PEOPLE) {
      const key = `org/1/users/${USER_IDS[person]}/picture.png`;
      await putFile(key, facePhoto(person, 1));
      const message = await harness.enrol(USER_IDS[person], key);
      expect(message.kind, JSON.stringify(message)).toBe('face.enrolled');
      if (message.kind !== 'face.enrolled') continue;
      expect(message.embedding).toHaveLength(128);
      expect(message.model).toBe(model.name);
      // The embedder alone: the detector and the backend are in the name, not in the space.
      expect(message.space).toMatch(/^face-api@[\d.]+\/face-recognition-128d$/);
      expect(message.model.startsWith(`${message.space} (`)).toBe(true);
      const { userId, embedding, space } = message;
      enrolments.push({ userId, name: person, embedding, space });
    }
  }, 60_000);

  it('rejects a picture without a face, in words', async () => {
    const file = join(folder, 'blank.png');
    await makeBlankPicture(binaries, file);
    await putFile('org/1/users/5/picture.png', file);
    const message = await harness.enrol(5, 'org/1/users/5/picture.png');
    expect(message).toMatchObject({ kind: 'face.rejected', changedBy: 99, reason: NO_FACE_REASON });
  });

  it('rejects a group photo as several faces', async () => {
    await putFile('org/1/users/6/picture.jpg', join(facesDir, 'bbt1.jpg'));
    const message = await harness.enrol(6, 'org/1/users/6/picture.jpg');
    expect(message).toMatchObject({ kind: 'face.rejected', reason: severalFacesReason(4) });
  });

  it('identifies the enrolled people in a video, and no one as someone else', async () => {
    expect(enrolments).toHaveLength(4);
    // Who is in each still: the group photos as checked by eye (bbt1: Raj, Leonard, Howard,
    // Sheldon; bbt2: Leonard, Sheldon and a man behind them).
    const stills: (Still & { people: Person[] })[] = [
      { file: join(facesDir, 'bbt1.jpg'), seconds: 2, people: ['leonard', 'howard'] },
      ...[2, 3, 4, 5].map((i) => ({
        file: facePhoto('amy', i),
        seconds: 2,
        side: 240,
        people: ['amy' as const],
      })),
      { file: join(facesDir, 'bbt2.jpg'), seconds: 2, people: ['leonard'] },
      ...(['bernadette', 'howard', 'leonard'] as const).flatMap((person) =>
        [2, 3, 4, 5].map((i) => ({
          file: facePhoto(person, i),
          seconds: 2,
          side: 240,
          people: [person],
        })),
      ),
    ];
    const video = join(folder, 'people.mp4');
    await makeVideo(binaries, stills, video);
    await putFile('org/1/videos/1.mp4', video);

    const started = Date.now();
    const message = await harness.analyse({
      videoId: 1,
      videoKey: 'org/1/videos/1.mp4',
      enrolments,
    });
    const report = completed(message);
    const seconds = (Date.now() - started) / 1000;

    // Each (still, enrolled person) pair: seen in the report when one of the person's
    // appearances covers the middle of the still.
    let truePositives = 0;
    let falsePositives = 0;
    let falseNegatives = 0;
    const wrong: string[] = [];
    let start = 0;
    for (const still of stills) {
      const middle = start + still.seconds / 2;
      for (const person of PEOPLE) {
        const seen = report.identifiedOperators.some(
          (operator) =>
            operator.userId === USER_IDS[person] &&
            operator.appearances.some((range) => range.start <= middle && middle <= range.end),
        );
        const present = still.people.includes(person);
        if (seen && present) truePositives += 1;
        if (seen && !present) {
          falsePositives += 1;
          wrong.push(`${person} at ${middle}s`);
        }
        if (!seen && present) falseNegatives += 1;
      }
      start += still.seconds;
    }
    const precision = truePositives / (truePositives + falsePositives);
    const recall = truePositives / (truePositives + falseNegatives);
    console.log(
      `[identification] ${report.framesAnalysed} frames in ${seconds.toFixed(1)} s; ` +
        `detected ${report.detectedOperators}, identified ` +
        `${report.identifiedOperators.map((o) => `${nameOf(o.userId)} (${o.distance})`).join(', ')}; ` +
        `${report.unidentifiedPeople.length} unidentified; threshold ${report.matchThreshold}\n` +
        `[identification] per still and person: precision ${precision.toFixed(3)}, ` +
        `recall ${recall.toFixed(3)} (TP ${truePositives}, FP ${falsePositives}, FN ${falseNegatives})` +
        (wrong.length ? `; wrong: ${wrong.join(', ')}` : ''),
    );

    expect(report.identifiedOperators.map((o) => o.userId).sort()).toEqual([1, 2, 3, 4]);
    for (const operator of report.identifiedOperators) {
      expect(operator.name).toBe(nameOf(operator.userId));
      expect(operator.distance).toBeLessThanOrEqual(DEFAULT_MATCH_THRESHOLD);
    }
    expect(falsePositives).toBe(0);
    expect(recall).toBeGreaterThanOrEqual(0.85);
    expect(report.framesAnalysed).toBe(36);
    expect(report.durationSeconds).toBeCloseTo(36, 0);
    expect(report.samplingFps).toBe(1);
    expect(report.identificationRate).toBeCloseTo(4 / report.detectedOperators, 3);
    // Raj and Sheldon (bbt1), Sheldon and the man behind (bbt2): nobody's enrolment.
    expect(report.unidentifiedPeople.length).toBeGreaterThanOrEqual(2);
    expect(report.stepAnalysis).toEqual({ available: false, message: NO_PROVIDER_MESSAGE });

    const progress = (await harness.messages()).filter((m) => m.kind === 'analysis.progress');
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.at(-1)).toMatchObject({ current: 36, total: 36 });
  }, 180_000);

  it('compares only with the enrolments in the job, of its own space', async () => {
    const video = join(folder, 'howard.mp4');
    await makeVideo(
      binaries,
      [2, 3].map((i) => ({ file: facePhoto('howard', i), seconds: 2, side: 240 })),
      video,
    );
    await putFile('org/1/videos/2.mp4', video);
    // Howard's own embedding, said to be of another space: never compared, though of his length.
    const elsewhere = enrolments
      .filter((e) => e.userId === USER_IDS.howard)
      .map((e) => ({ ...e, space: 'face-api@0.0.1/face-recognition-128d' }));
    expect(elsewhere).toHaveLength(1);
    const others = [...enrolments.filter((e) => e.userId !== USER_IDS.howard), ...elsewhere];
    // Someone whose picture the service says is still being enrolled.
    const newStarter = { userId: 9_001, name: 'new starter' };
    const report = completed(
      await harness.analyse({
        videoId: 2,
        videoKey: 'org/1/videos/2.mp4',
        enrolments: others,
        notYetEnrolled: [newStarter],
      }),
    );
    expect(report.identifiedOperators).toEqual([]);
    // Whose picture was still being enrolled, or is being enrolled again for this model (no
    // embedding of its space), is said, not silently missed.
    expect(report.notYetEnrolled).toEqual([
      newStarter,
      { userId: USER_IDS.howard, name: 'howard' },
    ]);
    expect(report.detectedOperators).toBe(1);
    expect(report.identificationRate).toBe(0);
  }, 60_000);

  it('fails a file that is no video, or has no picture, with the reason', async () => {
    writeFileSync(join(folder, 'junk.mp4'), Buffer.from('this is not a video at all'.repeat(100)));
    await putFile('org/1/videos/3.mp4', join(folder, 'junk.mp4'));
    const junk = await harness.analyse({ videoId: 3, videoKey: 'org/1/videos/3.mp4', enrolments });
    expect(junk.kind).toBe('analysis.failed');
    expect(junk).toMatchObject({
      kind: 'analysis.failed',
      reason: 'The video could not be decoded: Invalid data found when processing input.',
    });

    await makeAudioOnly(binaries, join(folder, 'sound.mp4'));
    await putFile('org/1/videos/4.mp4', join(folder, 'sound.mp4'));
    const sound = await harness.analyse({ videoId: 4, videoKey: 'org/1/videos/4.mp4', enrolments });
    expect(sound).toMatchObject({ kind: 'analysis.failed', reason: 'The video has no frames.' });
  }, 60_000);
});

describe('the time limit', () => {
  let harness: Harness;
  beforeAll(() => {
    harness = new Harness(null, { timeoutMs: 1000 });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('fails an analysis that runs too long, in words', async () => {
    const message = await harness.analyse({
      videoId: 30,
      videoKey: 'org/1/videos/1.mp4',
      enrolments: [],
    });
    expect(message).toMatchObject({
      kind: 'analysis.failed',
      reason: 'Analysing the video took longer than 1 second.',
    });
  }, 30_000);
});

describe('step analysis against the SOPs through a server speaking Gemini', () => {
  const gemini = new FakeGemini();
  let harness: Harness;
  const sops = [
    { sopId: 11, sopTitle: 'Hand washing', textKey: 'org/1/sops/11/content.txt' },
    { sopId: 12, sopTitle: 'Gloves', textKey: 'org/1/sops/12/content.txt' },
  ];

  beforeAll(async () => {
    const baseUrl = await gemini.start();
    harness = new Harness(
      new GeminiStepAnalyzer({
        apiKey: 'test-key',
        model: 'gemini-test',
        baseUrl,
        pollIntervalMs: 50,
      }),
    );
    await storage.put(
      sops[0]!.textKey,
      Buffer.from('1. Wet hands.\n2. Soap for 20 seconds.'),
      'text/plain',
    );
    await storage.put(sops[1]!.textKey, Buffer.from('1. Put on gloves.'), 'text/plain');
    const video = join(folder, 'steps.mp4');
    await makeVideo(binaries, [{ file: facePhoto('leonard', 2), seconds: 3, side: 240 }], video);
    await putFile('org/1/videos/20.mp4', video);
  }, 30_000);
  afterAll(async () => {
    await harness?.close();
    await gemini.stop();
  });

  it('stores the findings per SOP step, with identification beside them', async () => {
    gemini.reply(
      FakeGemini.answer({
        sops: [
          {
            sopId: 11,
            sopTitle: 'Renamed by the model',
            summary: 'Hands were washed.',
            steps: [
              { step: 'Wet hands', observed: true, timestamps: [1], remarks: 'At the sink.' },
              { step: 'Soap for 20 seconds', observed: null, timestamps: [], remarks: 'Unclear.' },
            ],
          },
        ],
      }),
    );
    const enrolments = [
      { userId: 4, name: 'leonard', embedding: await enrolmentOf('leonard'), space: model.space },
    ];
    const report = completed(
      await harness.analyse({
        videoId: 20,
        videoKey: 'org/1/videos/20.mp4',
        enrolments,
        sops,
        prompt: 'Be strict.',
      }),
    );
    expect(report.identifiedOperators.map((o) => o.userId)).toEqual([4]);
    expect(report.stepAnalysis).toEqual({
      available: true,
      model: 'gemini-test',
      sops: [
        {
          sopId: 11,
          sopTitle: 'Hand washing',
          summary: 'Hands were washed.',
          steps: [
            { step: 'Wet hands', observed: true, timestamps: [1], remarks: 'At the sink.' },
            { step: 'Soap for 20 seconds', observed: null, timestamps: [], remarks: 'Unclear.' },
          ],
        },
        {
          sopId: 12,
          sopTitle: 'Gloves',
          steps: [],
          summary: 'The AI provider said nothing about this SOP.',
        },
      ],
    });
    const upload = gemini.calls.find((call) => call.path.startsWith('/upload/'));
    expect(upload?.apiKey).toBe('test-key');
    const generate = gemini.calls.find((call) => call.path.includes(':generateContent'));
    expect(generate?.path).toContain('/models/gemini-test:generateContent');
    expect(generate?.body).toContain('Be strict.');
    expect(generate?.body).toContain('Soap for 20 seconds');
    expect(generate?.body).toContain('fileUri');
    expect(gemini.calls.some((call) => call.method === 'DELETE')).toBe(true);
  }, 60_000);

  it('reports a provider error in words and still reports identification', async () => {
    gemini.reply(FakeGemini.error(503, 'The model is overloaded.'));
    const report = completed(
      await harness.analyse({ videoId: 21, videoKey: 'org/1/videos/20.mp4', enrolments: [], sops }),
    );
    expect(report.detectedOperators).toBe(1);
    expect(report.stepAnalysis.available).toBe(false);
    expect(report.stepAnalysis.available === false && report.stepAnalysis.message).toMatch(
      /^Step analysis against the SOPs failed: The AI provider refused the request \(HTTP 503\): .*overloaded.* Operator identification ran without it\.$/,
    );
  }, 60_000);
});

async function enrolmentOf(person: Person): Promise<number[]> {
  const { readPicture } = await import('./frames/picture.ts');
  const { facesInPicture } = await import('./enrolment-job.ts');
  const faces = await facesInPicture(await readPicture(facePhoto(person, 1), binaries), model);
  return faces[0]!.embedding;
}
