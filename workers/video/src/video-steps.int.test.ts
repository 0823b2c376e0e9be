import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facesInPicture } from './enrolment-job.ts';
import { readPicture } from './frames/picture.ts';
import { GeminiStepAnalyzer } from './steps/gemini-step-analyzer.ts';
import { FakeGemini } from './test-support/fake-gemini.ts';
import { facePhoto, makeVideo, type Person } from './test-support/media.ts';
import {
  completed,
  Harness,
  putFile,
  TEST_SETTINGS,
  workerTestPlace,
} from './test-support/worker-harness.ts';

// The analysis handler's time limit and its step analysis through a Gemini-speaking server, with
// the real face model beside them (video-worker.int.test.ts: enrolment and identification).
const place = workerTestPlace('video-steps-test');
const { folder, storage, binaries } = place;

describe('the time limit', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = new Harness(place, null, {
      ...TEST_SETTINGS,
      // Said as '1 second' (whole seconds, at least one); 24 s of faces take ten times longer.
      timeoutMs: 100,
    });
    const video = join(folder, 'long.mp4');
    const stills = [2, 3, 4].map((n) => ({ file: facePhoto('amy', n), seconds: 8, side: 240 }));
    await makeVideo(binaries, stills, video);
    await putFile(storage, 'org/1/videos/30.mp4', video);
  }, 30_000);
  afterAll(async () => {
    await harness?.close();
  });

  it('fails an analysis that runs too long, in words', async () => {
    const message = await harness.analyse({
      videoId: 30,
      videoKey: 'org/1/videos/30.mp4',
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
      place,
      new GeminiStepAnalyzer({
        apiKey: 'test-key',
        model: 'gemini-test',
        baseUrl,
        pollIntervalMs: 50,
      }),
      TEST_SETTINGS,
    );
    await storage.put(
      sops[0]!.textKey,
      Buffer.from('1. Wet hands.\n2. Soap for 20 seconds.'),
      'text/plain',
    );
    await storage.put(sops[1]!.textKey, Buffer.from('1. Put on gloves.'), 'text/plain');
    const video = join(folder, 'steps.mp4');
    await makeVideo(binaries, [{ file: facePhoto('leonard', 2), seconds: 3, side: 240 }], video);
    await putFile(storage, 'org/1/videos/20.mp4', video);
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
      {
        userId: 4,
        name: 'leonard',
        embedding: await enrolmentOf('leonard'),
        space: place.model.space,
      },
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
    // The sampled frames each face was seen in, for a review to tell who was seen together.
    const [leonard] = report.identifiedOperators;
    expect(leonard!.frames!.length).toBeGreaterThan(0);
    expect(leonard!.frames!.every((frame) => frame < report.framesAnalysed)).toBe(true);
    expect(leonard!.frames).toEqual([...leonard!.frames!].sort((a, b) => a - b));
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

describe('step analysis stopped by an unexpected error', () => {
  let harness: Harness;
  beforeAll(async () => {
    // A step analyzer breaking as a bug or a library would, in words no reader should see.
    const broken = {
      model: 'broken',
      analyse: async () => {
        throw new Error('relation "sop_steps" does not exist at SELECT * FROM sop_steps');
      },
    };
    harness = new Harness(place, broken, TEST_SETTINGS);
    await storage.put('org/1/sops/13/content.txt', Buffer.from('1. Wet hands.'), 'text/plain');
    const video = join(folder, 'broken-steps.mp4');
    await makeVideo(binaries, [{ file: facePhoto('leonard', 2), seconds: 3, side: 240 }], video);
    await putFile(storage, 'org/1/videos/22.mp4', video);
  }, 30_000);
  afterAll(async () => {
    await harness?.close();
  });

  it('says the generic sentence, not the error, and still reports identification', async () => {
    const sops = [{ sopId: 13, sopTitle: 'Hands', textKey: 'org/1/sops/13/content.txt' }];
    const report = completed(
      await harness.analyse({ videoId: 22, videoKey: 'org/1/videos/22.mp4', enrolments: [], sops }),
    );
    expect(report.detectedOperators).toBe(1);
    expect(report.stepAnalysis).toEqual({
      available: false,
      message:
        'Step analysis against the SOPs failed: An unexpected error stopped this; it can be retried. Operator identification ran without it.',
    });
  }, 60_000);
});

async function enrolmentOf(person: Person): Promise<number[]> {
  const faces = await facesInPicture(
    await readPicture(facePhoto(person, 1), binaries),
    place.model,
  );
  return faces[0]!.embedding;
}
