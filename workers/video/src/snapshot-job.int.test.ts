import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  FaceEnrolment,
  IntegrationInboxMessage,
  SnapshotIdentificationJob,
} from '@hub/proto/jobs';
import type { Job } from 'bullmq';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MATCH_MARGIN, DEFAULT_MATCH_THRESHOLD } from './config.ts';
import { facesInPicture } from './enrolment-job.ts';
import { readPicture } from './frames/picture.ts';
import { createSnapshotHandler } from './snapshot-job.ts';
import { facePhoto, type Person } from './test-support/media.ts';
import { putFile, workerTestPlace } from './test-support/worker-harness.ts';

const place = workerTestPlace('snapshot-job-test');
const { folder, storage, binaries } = place;
const USER_IDS: Partial<Record<Person, number>> = { amy: 1, howard: 3 };
const enrolments: FaceEnrolment[] = [];
const sent: IntegrationInboxMessage[] = [];

const handler = () =>
  createSnapshotHandler({
    storage,
    inbox: { add: async (_name, message) => sent.push(message) },
    faces: place.model,
    binaries,
    matchThreshold: DEFAULT_MATCH_THRESHOLD,
    matchMargin: DEFAULT_MATCH_MARGIN,
  });

/** A job as BullMQ hands it over: its attempt, and its data the handler may narrow. */
function jobOf(data: SnapshotIdentificationJob, attemptsMade: number) {
  const job = {
    data,
    attemptsMade,
    opts: { attempts: 2 },
    updateData: async (next: SnapshotIdentificationJob) => void (job.data = next),
  };
  return job as unknown as Job<SnapshotIdentificationJob> & { data: SnapshotIdentificationJob };
}

const stored = async (key: string) => (await storage.list('org/1/snapshots/')).includes(key);

beforeAll(async () => {
  for (const person of ['amy', 'howard'] as const) {
    const picture = await readPicture(facePhoto(person, 1), binaries, 'profile picture');
    const [face] = await facesInPicture(picture, place.model);
    enrolments.push({
      userId: USER_IDS[person]!,
      name: person,
      embedding: face!.embedding,
      space: place.model.space,
    });
  }
}, 60_000);

describe("a tick's snapshots in one identification job", () => {
  it('answers every snapshot of the tick in one message, a bad one failed alone', async () => {
    await putFile(storage, 'org/1/snapshots/a.png', facePhoto('howard', 3));
    await putFile(storage, 'org/1/snapshots/b.png', facePhoto('amy', 2));
    writeFileSync(join(folder, 'garbage.png'), 'not a picture');
    await putFile(storage, 'org/1/snapshots/c.png', join(folder, 'garbage.png'));
    sent.length = 0;
    const outcome = await handler()(
      jobOf(
        {
          organizationId: 1,
          keepSnapshot: false,
          enrolments,
          snapshots: ['a', 'b', 'c'].map((name, index) => ({
            runId: 10 + index,
            snapshotKey: `org/1/snapshots/${name}.png`,
          })),
        },
        0,
      ),
    );
    expect(outcome).toEqual({ identified: 2, failed: 1 });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: 'snapshots.answered',
      organizationId: 1,
      results: [
        { kind: 'snapshot.identified', runId: 10, people: [{ userId: USER_IDS.howard }] },
        { kind: 'snapshot.identified', runId: 11, people: [{ userId: USER_IDS.amy }] },
        { kind: 'snapshot.failed', runId: 12 },
      ],
    });
    for (const name of ['a', 'b', 'c'])
      expect(await stored(`org/1/snapshots/${name}.png`)).toBe(false);
  }, 60_000);

  it('tries again only the snapshots without an answer, and answers them on the last attempt', async () => {
    await putFile(storage, 'org/1/snapshots/d.png', facePhoto('howard', 2));
    sent.length = 0;
    const job = jobOf(
      {
        organizationId: 1,
        keepSnapshot: true,
        enrolments,
        snapshots: [
          { runId: 20, snapshotKey: 'org/1/snapshots/d.png' },
          // Not (yet) in storage: worth another attempt.
          { runId: 21, snapshotKey: 'org/1/snapshots/missing.png' },
        ],
      },
      0,
    );
    const take = handler();
    await expect(take(job)).rejects.toThrow(/could not be read from storage/);
    expect(job.data.snapshots.map((one) => one.runId)).toEqual([21]);
    (job as { attemptsMade: number }).attemptsMade = 1;
    expect(await take(job)).toEqual({ identified: 0, failed: 1 });
    expect(
      sent.map(
        (message) =>
          message.kind === 'snapshots.answered' &&
          message.results.map((one) => [one.kind, one.runId]),
      ),
    ).toEqual([[['snapshot.identified', 20]], [['snapshot.failed', 21]]]);
    // Kept, as the organization says.
    expect(await stored('org/1/snapshots/d.png')).toBe(true);
  }, 60_000);
});
