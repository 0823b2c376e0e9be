import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type FaceEnrolment, FAILURE_REASONS } from '@hub/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_FACE_REASON, severalFacesReason } from './enrolment-job.ts';
import { NO_PROVIDER_MESSAGE } from './steps/step-analyzer.ts';
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
import {
  completed,
  Harness,
  putFile,
  TEST_SETTINGS,
  workerTestPlace,
} from './test-support/worker-harness.ts';

const place = workerTestPlace('video-worker-test');
const { folder, storage, binaries } = place;
const USER_IDS: Record<Person, number> = { amy: 1, bernadette: 2, howard: 3, leonard: 4 };
const nameOf = (userId: number) => PEOPLE.find((person) => USER_IDS[person] === userId)!;
/**
 * Each still is shown for one sampling interval, so one frame of it is analysed: a second frame
 * of the same picture told nothing new and cost another SSD pass (~0.4 CPU-s on wasm).
 */
const STILL_SECONDS = 1 / TEST_SETTINGS.sampleFps;

describe('face enrolment and operator identification on real photos', () => {
  let harness: Harness;
  const enrolments: FaceEnrolment[] = [];

  beforeAll(() => {
    harness = new Harness(place, null, TEST_SETTINGS);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('enrols one face from each profile picture', async () => {
    for (const person of PEOPLE) {
      const key = `org/1/users/${USER_IDS[person]}/picture.png`;
      await putFile(storage, key, facePhoto(person, 1));
      const message = await harness.enrol(USER_IDS[person], key);
      expect(message.kind, JSON.stringify(message)).toBe('face.enrolled');
      if (message.kind !== 'face.enrolled') continue;
      expect(message.embedding).toHaveLength(128);
      expect(message.model).toBe(place.model.name);
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
    await putFile(storage, 'org/1/users/5/picture.png', file);
    const message = await harness.enrol(5, 'org/1/users/5/picture.png');
    expect(message).toMatchObject({ kind: 'face.rejected', changedBy: 99, reason: NO_FACE_REASON });
  });

  it('rejects a group photo as several faces', async () => {
    await putFile(storage, 'org/1/users/6/picture.jpg', join(facesDir, 'bbt1.jpg'));
    const message = await harness.enrol(6, 'org/1/users/6/picture.jpg');
    expect(message).toMatchObject({ kind: 'face.rejected', reason: severalFacesReason(4) });
  });

  it('identifies the enrolled people in a video, and no one as someone else', async () => {
    expect(enrolments).toHaveLength(4);
    // Who is in each still: the group photos as checked by eye (bbt1: Raj, Leonard, Howard,
    // Sheldon; bbt2: Leonard, Sheldon and a man behind them). The people take turns, so no one
    // is shown two stills apart: the report joins sightings one interval apart into one
    // appearance, which would count a still where they were missed as seen.
    const portrait = (person: Person, i: number) => ({
      file: facePhoto(person, i),
      seconds: STILL_SECONDS,
      side: 240,
      people: [person],
    });
    const stills: (Still & { people: Person[] })[] = [
      { file: join(facesDir, 'bbt1.jpg'), seconds: STILL_SECONDS, people: ['leonard', 'howard'] },
      ...[2, 3].flatMap((i) => PEOPLE.map((person) => portrait(person, i))),
      { file: join(facesDir, 'bbt2.jpg'), seconds: STILL_SECONDS, people: ['leonard'] },
      ...[4, 5].flatMap((i) => PEOPLE.map((person) => portrait(person, i))),
    ];
    const video = join(folder, 'people.mp4');
    await makeVideo(binaries, stills, video);
    await putFile(storage, 'org/1/videos/1.mp4', video);

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
      expect(operator.distance).toBeLessThanOrEqual(TEST_SETTINGS.matchThreshold);
    }
    expect(falsePositives).toBe(0);
    expect(recall).toBeGreaterThanOrEqual(0.85);
    const frames = stills.length;
    expect(report.framesAnalysed).toBe(frames);
    expect(report.durationSeconds).toBeCloseTo(frames * STILL_SECONDS, 0);
    expect(report.samplingFps).toBe(1);
    expect(report.identificationRate).toBeCloseTo(4 / report.detectedOperators, 3);
    // Raj and Sheldon (bbt1), Sheldon and the man behind (bbt2): nobody's enrolment.
    expect(report.unidentifiedPeople.length).toBeGreaterThanOrEqual(2);
    expect(report.stepAnalysis).toEqual({ available: false, message: NO_PROVIDER_MESSAGE });

    const progress = (await harness.messages()).filter((m) => m.kind === 'analysis.progress');
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.at(-1)).toMatchObject({ current: frames, total: frames });
  }, 180_000);

  it('compares only with the enrolments in the job, of its own space', async () => {
    const video = join(folder, 'howard.mp4');
    await makeVideo(
      binaries,
      [2, 3].map((i) => ({ file: facePhoto('howard', i), seconds: STILL_SECONDS, side: 240 })),
      video,
    );
    await putFile(storage, 'org/1/videos/2.mp4', video);
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
    await putFile(storage, 'org/1/videos/3.mp4', join(folder, 'junk.mp4'));
    const junk = await harness.analyse({ videoId: 3, videoKey: 'org/1/videos/3.mp4', enrolments });
    expect(junk.kind).toBe('analysis.failed');
    expect(junk).toMatchObject({
      kind: 'analysis.failed',
      reason: `The video could not be decoded: ${FAILURE_REASONS.decode_damaged}`,
    });

    await makeAudioOnly(binaries, join(folder, 'sound.mp4'));
    await putFile(storage, 'org/1/videos/4.mp4', join(folder, 'sound.mp4'));
    const sound = await harness.analyse({ videoId: 4, videoKey: 'org/1/videos/4.mp4', enrolments });
    expect(sound).toMatchObject({ kind: 'analysis.failed', reason: 'The video has no frames.' });
  }, 60_000);
});
