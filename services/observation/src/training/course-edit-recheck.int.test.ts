import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import type { Actor } from '@hub/proto';
import { RpcCallError, type RpcClient } from '@hub/kit';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { type CountingIdentity, countingIdentity } from '@hub/testing/identity';
import type { CompletedCourse } from '../certifications/certification-issuer.js';
import { openObservationDatabase } from '../database.js';
import { CompletionEffects } from '../observations/completion-effects.js';
import { ObservationsRepository } from '../observations/observations.repository.js';
import { completionIssuingTo, insertPassedObservation } from '../test-support/course-completion.js';
import { createCourseEnrolling, draft, library } from '../test-support/course-edits.js';
import { CourseCompletionRepository } from './course-completion.repository.js';
import { CoursesRepository } from './courses.repository.js';
import { CoursesService } from './courses.service.js';

const ORG = 82;
const tess: Actor = { userId: 2, organizationId: ORG, role: 'training_supervisor' };
/** Passed SOP 5, not SOP 4. */
const LEARNER = 7;

/** A course edit whose completion check failed (identity away) is checked again by the retry pass. */
describe('a course edit while identity is away, checked again', () => {
  let resources: TestResources;
  let db: DataSource;
  let courses: CoursesService;
  /** The completion effects' retry pass (every 30 s in the service). */
  let pass: () => Promise<void>;
  let identityAway = true;
  const identity = countingIdentity({ people: 10 });
  const issued: CompletedCourse[] = [];

  /** A course of SOP 4 that the learner is enrolled in, edited to SOP 5 while identity is away. */
  const editedWhileAway = async (title: string) => {
    identityAway = true;
    const created = await createCourseEnrolling(db, courses, tess, draft(title, [4]), LEARNER);
    await courses.update(tess, created.id, draft(title, [5], created.updatedAt));
    expect(await completedAt(created.id)).toBeNull();
    return created.id;
  };
  const completedAt = async (courseId: number) => {
    const [row] = (await db.query(
      `SELECT completed_at FROM enrollments WHERE course_id = $1 AND user_id = $2`,
      [courseId, LEARNER],
    )) as { completed_at: Date | null }[];
    return row!.completed_at;
  };

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    const rpc: CountingIdentity['rpc'] = {
      call: (contract, request) =>
        identityAway
          ? Promise.reject(new RpcCallError({ kind: 'unavailable', message: 'did not answer' }))
          : identity.rpc.call(contract, request),
    };
    const completion = completionIssuingTo(
      db,
      (course) => {
        issued.push(course);
        return Promise.resolve();
      },
      { rpc },
    );
    courses = new CoursesService(new CoursesRepository(db), library, completion);
    const effects = new CompletionEffects(
      new ObservationsRepository(db),
      rpc as unknown as RpcClient,
      completion,
    );
    pass = () => effects.settle();
    await insertPassedObservation(db, ORG, LEARNER, 5);
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it("completes the enrolments the edit left open once identity answers, before the learner's next pass", async () => {
    const courseId = await editedWhileAway('Freezers');

    identityAway = false;
    await pass();

    expect(await completedAt(courseId)).not.toBeNull();
    expect(issued).toMatchObject([{ courseId, userId: LEARNER, holderName: 'P7' }]);
    // Checked, the course is not checked again.
    identity.asked.length = 0;
    await pass();
    expect(identity.asked).toEqual([]);
  });

  it('waits before checking again a course whose check keeps failing', async () => {
    const courseId = await editedWhileAway('Ovens');
    await pass();
    expect(await completedAt(courseId)).toBeNull();

    // Identity is back, but the course's next check is not due yet.
    identityAway = false;
    identity.asked.length = 0;
    await pass();
    expect(identity.asked).toEqual([]);
    expect(await completedAt(courseId)).toBeNull();

    await db.query(
      `UPDATE course_completion_checks SET next_attempt_at = now() - interval '1 second'
        WHERE course_id = $1`,
      [courseId],
    );
    await pass();
    expect(await completedAt(courseId)).not.toBeNull();
  });

  it('keeps the check of an edit saved while an earlier one was being checked', async () => {
    identityAway = true;
    const created = await createCourseEnrolling(db, courses, tess, draft('Fryers', [4]), LEARNER);
    const edited = await courses.update(tess, created.id, draft('Fryers', [5], created.updatedAt));
    const checks = new CourseCompletionRepository(db);
    const [begun] = (await checks.checksDue()).filter((check) => check.course_id === created.id);
    await courses.update(tess, created.id, draft('Fryers 2', [5], edited.updatedAt));

    await checks.checked(begun!);
    expect(await checks.checksDue()).toMatchObject([{ course_id: created.id }]);
  });

  it('owes no check once the one after the edit has completed the enrolments', async () => {
    identityAway = false;
    const created = await createCourseEnrolling(db, courses, tess, draft('Grills', [4]), LEARNER);
    await courses.update(tess, created.id, draft('Grills', [5], created.updatedAt));
    expect(await completedAt(created.id)).not.toBeNull();

    const owed = await db.query(`SELECT 1 FROM course_completion_checks WHERE course_id = $1`, [
      created.id,
    ]);
    expect(owed).toEqual([]);
  });
});
