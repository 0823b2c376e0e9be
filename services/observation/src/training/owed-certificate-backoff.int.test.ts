import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { RpcCallError, type RpcClient } from '@hub/kit';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { countingIdentity } from '@hub/testing/identity';
import type { CertificationIssuer } from '../certifications/certification-issuer.js';
import { openObservationDatabase } from '../database.js';
import { Members } from '../team/members.js';
import { CourseCompletionRepository } from './course-completion.repository.js';
import { CourseCompletion } from './course-completion.js';

const ACME = 63;
/** Their certificate's issue keeps failing (REFUSED), or identity cannot say who they are (UNKNOWN). */
const REFUSED = 1;
const UNKNOWN = 2;

/** A failing owed certificate waits before it is tried again, longer each time. */
describe('course certificates owed, failing', () => {
  let resources: TestResources;
  let db: DataSource;
  let completion: CourseCompletion;
  let courseId: number;
  /** The issues tried (for REFUSED), and whether they fail. */
  let tried = 0;
  let refusing = true;
  let identityAway = false;
  const identity = countingIdentity({ people: UNKNOWN });

  /** Minutes until the owed certificate of this learner is tried again. */
  const wait = async (userId: number) => {
    const [row] = (await db.query(
      `SELECT attempts, round(extract(epoch FROM next_attempt_at - now()) / 60)::int AS minutes
         FROM course_certificates_owed WHERE course_id = $1 AND user_id = $2`,
      [courseId, userId],
    )) as { attempts: number; minutes: number }[];
    return row;
  };
  /** Time comes: the owed certificate of this learner is due. */
  const due = (userId: number) =>
    db.query(
      `UPDATE course_certificates_owed SET next_attempt_at = now() - interval '1 second'
        WHERE course_id = $1 AND user_id = $2`,
      [courseId, userId],
    );

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    const [course] = (await db.query(
      `INSERT INTO courses (organization_id, title, description, category, duration, difficulty,
         created_by)
       VALUES ($1, 'Presses', '', 'Safety', '1 hour', 'Beginner', 1) RETURNING id`,
      [ACME],
    )) as { id: number }[];
    courseId = course!.id;
    await db.query(
      `INSERT INTO enrollments (course_id, user_id, completed_at) VALUES ($1, $2, now())`,
      [courseId, REFUSED],
    );
    await db.query(`INSERT INTO course_certificates_owed (course_id, user_id) VALUES ($1, $2)`, [
      courseId,
      REFUSED,
    ]);
    const certifications = {
      courseCompleted: () => {
        tried += 1;
        return refusing ? Promise.reject(new Error('refused')) : Promise.resolve();
      },
    } as unknown as CertificationIssuer;
    const rpc = {
      call: (contract: never, request: never) =>
        identityAway
          ? Promise.reject(new RpcCallError({ kind: 'unavailable', message: 'did not answer' }))
          : identity.rpc.call(contract, request),
    } as unknown as RpcClient;
    completion = new CourseCompletion(
      new CourseCompletionRepository(db),
      certifications,
      new Members(rpc),
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('is not tried again before its time, and is after', async () => {
    await completion.settleOwed();
    await completion.settleOwed();
    await completion.settleOwed();
    expect(tried).toBe(1);
    expect(await wait(REFUSED)).toEqual({ attempts: 1, minutes: 1 });

    await due(REFUSED);
    await completion.settleOwed();
    await completion.settleOwed();
    expect(tried).toBe(2);
    expect(await wait(REFUSED)).toEqual({ attempts: 2, minutes: 2 });
  });

  it('waits twice as long after each failure, an hour at most', async () => {
    const waits: number[] = [];
    for (let attempt = 3; attempt <= 9; attempt += 1) {
      await due(REFUSED);
      await completion.settleOwed();
      waits.push((await wait(REFUSED))!.minutes);
    }
    expect(tried).toBe(9);
    expect(waits).toEqual([4, 8, 16, 32, 60, 60, 60]);

    refusing = false;
    await completion.settleOwed();
    expect(tried).toBe(9);
    await due(REFUSED);
    await completion.settleOwed();
    expect(tried).toBe(10);
    expect(await wait(REFUSED)).toBeUndefined();
  });

  it('waits too when identity could not say who its holder is', async () => {
    await db.query(
      `INSERT INTO enrollments (course_id, user_id, completed_at) VALUES ($1, $2, now())`,
      [courseId, UNKNOWN],
    );
    await db.query(`INSERT INTO course_certificates_owed (course_id, user_id) VALUES ($1, $2)`, [
      courseId,
      UNKNOWN,
    ]);
    identityAway = true;
    await completion.settleOwed();
    expect(await wait(UNKNOWN)).toEqual({ attempts: 1, minutes: 1 });

    identityAway = false;
    identity.asked.length = 0;
    await completion.settleOwed();
    expect(identity.asked).toEqual([]);
    await due(UNKNOWN);
    await completion.settleOwed();
    expect(identity.everyoneAsked()).toEqual([UNKNOWN]);
    expect(await wait(UNKNOWN)).toBeUndefined();
  });
});
