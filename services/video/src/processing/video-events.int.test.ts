import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Job, type Queue, Worker } from 'bullmq';
import type { DataSource } from 'typeorm';
import { type DomainEvent, type FaceEnrolmentJob, QUEUE_CONTRACTS } from '@hub/proto';
import { bullPrefix, type ObjectStorage, openQueue, redisConnectionOptions } from '@hub/kit';
import { claimTemplateResources, TEST_REDIS_URL, type TestResources } from '@hub/testing';
import { VIDEO_TEMPLATE } from '../test-support/video-database-template.js';
import { openVideoDatabase } from '../database.js';
import { FaceEnrolmentsRepository } from '../faces/face-enrolments.repository.js';
import { videoEventHandler } from './video-events.js';

const ORG = 12;
const SPACE = 'face-api@1.7.15/face-recognition-128d';

/**
 * The event bus delivers at least once: an event is handled again when its acknowledgement was
 * lost (or a relay published it twice). A profile picture's event handled again must leave its
 * enrolment as the first handling's job left it, never waiting for a job that will not run.
 */
describe('a profile picture event delivered twice', () => {
  let resources: TestResources;
  let db: DataSource;
  let queue: Queue<FaceEnrolmentJob>;
  let worker: Worker<FaceEnrolmentJob>;
  let faces: FaceEnrolmentsRepository;
  let handle: (event: DomainEvent) => Promise<void>;

  beforeAll(async () => {
    resources = await claimTemplateResources(VIDEO_TEMPLATE);
    db = await openVideoDatabase(resources.databaseUrl);
    const connection = { url: TEST_REDIS_URL, prefix: resources.redisPrefix };
    queue = openQueue(QUEUE_CONTRACTS.faceEnrolment, connection);
    // No processor: the test takes each job itself, as the video worker would, in its own order.
    worker = new Worker<FaceEnrolmentJob>(QUEUE_CONTRACTS.faceEnrolment.name, null, {
      connection: redisConnectionOptions(TEST_REDIS_URL),
      prefix: bullPrefix(resources.redisPrefix),
    });
    faces = new FaceEnrolmentsRepository(db);
    handle = videoEventHandler(db, {} as ObjectStorage, queue);
  });

  afterAll(async () => {
    await worker?.close();
    await queue?.close();
    await db?.destroy();
    await resources?.release();
  });

  const pictureChanged = (userId: number, pictureKey: string): DomainEvent => ({
    type: 'user.picture-changed',
    userId,
    organizationId: ORG,
    pictureKey,
    changedBy: userId,
  });

  /** The enrolment job the worker takes next, finished with what the worker's inbox applied. */
  async function workerTakes(apply: (job: Job<FaceEnrolmentJob>) => Promise<unknown>) {
    const token = randomUUID();
    const job = (await worker.getNextJob(token)) as Job<FaceEnrolmentJob>;
    await apply(job);
    await job.moveToCompleted('done', token, false);
    return job.data;
  }

  const profileRow = async (userId: number) =>
    (
      (await db.query(
        `SELECT picture_key, model FROM face_enrolments WHERE user_id = $1 AND source = 'profile'`,
        [userId],
      )) as { picture_key: string; model: string }[]
    )[0];

  const jobsToRun = () => queue.getJobCountByTypes('waiting', 'prioritized', 'delayed', 'active');

  it('keeps the face enrolled from the picture when its event comes again', async () => {
    const event = pictureChanged(101, `org/${ORG}/profile-pictures/amy.png`);
    await handle(event);
    const job = await workerTakes(({ data }) =>
      faces.recordEmbedding(data.userId, data.pictureKey, {
        embedding: [0.1, 0.2],
        space: SPACE,
        model: 'm',
      }),
    );
    expect(job.pictureKey).toBe(event.type === 'user.picture-changed' && event.pictureKey);

    await handle(event);

    expect(await profileRow(101)).toEqual({ picture_key: job.pictureKey, model: 'm' });
    expect(await jobsToRun()).toBe(0);
  });

  it('leaves nobody awaiting a refused picture when its event comes again', async () => {
    const event = pictureChanged(102, `org/${ORG}/profile-pictures/group.png`);
    await handle(event);
    await workerTakes(({ data }) => faces.reject(data.userId, data.pictureKey, 'several faces'));

    await handle(event);

    expect(await profileRow(102)).toBeUndefined();
    expect(await faces.pendingUsers(ORG)).not.toContain(102);
  });

  it('still enrols each new picture of someone already enrolled', async () => {
    await handle(pictureChanged(103, `org/${ORG}/profile-pictures/first.png`));
    await workerTakes(({ data }) =>
      faces.recordEmbedding(data.userId, data.pictureKey, {
        embedding: [0.3, 0.4],
        space: SPACE,
        model: 'm',
      }),
    );

    const second = `org/${ORG}/profile-pictures/second.png`;
    await handle(pictureChanged(103, second));

    expect(await profileRow(103)).toEqual({ picture_key: second, model: 'pending' });
    const job = await workerTakes(() => Promise.resolve());
    expect(job.pictureKey).toBe(second);
  });
});
