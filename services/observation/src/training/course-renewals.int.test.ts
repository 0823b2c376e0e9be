import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { countingIdentity } from '@hub/testing/identity';
import type { CompletedCourse } from '../certifications/certification-issuer.js';
import { CertificationsRepository } from '../certifications/certifications.repository.js';
import { openObservationDatabase } from '../database.js';
import { completionIssuingTo, insertCourse } from '../test-support/course-completion.js';
import type { CourseCompletion } from './course-completion.js';

const ORG = 63;
const SOP = 9;
const LEARNER = 7;
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** A course's certificate is issued once per completion, renewed only by a later pass. */
describe("a course's certificate and the passes of its SOPs", () => {
  let resources: TestResources;
  let db: DataSource;
  let completion: CourseCompletion;
  const issued: { course: CompletedCourse; at: Date }[] = [];

  /** The learner passes the course's SOP now. */
  const pass = () =>
    db.query(
      `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title,
         questions, operator_id, operator_name, observer_id, observer_name, pass_mark, status,
         score, passed, started_at, completed_at)
       VALUES ($1, 1, $2, 'T', '[]', $3, 'P7', 1, 'O', 80, 'completed', 90, true,
               now() - interval '1 hour', now())`,
      [ORG, SOP, LEARNER],
    );

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    const courseId = await insertCourse(db, ORG, 'Freezers', SOP);
    await db.query(`INSERT INTO enrollments (course_id, user_id) VALUES ($1, $2)`, [
      courseId,
      LEARNER,
    ]);
    const certifications = new CertificationsRepository(db);
    const issue = async (course: CompletedCourse, at: Date) => {
      issued.push({ course, at });
      await certifications.issue({
        ...course,
        kind: 'course',
        subjectId: course.courseId,
        observationId: null,
        observerId: null,
        score: null,
        validityMonths: 12,
        issuedAt: at,
        expiresAt: new Date(at.getTime() + YEAR_MS),
        observedFrom: null,
      });
    };
    completion = completionIssuingTo(db, issue, countingIdentity({ people: 10 }));
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('issues it once for the pass that completed the course, however often its effects run', async () => {
    await pass();
    await completion.forLearner(LEARNER, SOP);
    expect(issued).toHaveLength(1);
    // The pass's effects run again (a retry after a failure, or a second pass's effects that
    // ran after both committed): the completion's certificate stands, no second issue of it.
    await completion.forLearner(LEARNER, SOP);
    expect(issued).toHaveLength(1);
  });

  it('renews it for a pass made after it was issued', async () => {
    await pass();
    await completion.forLearner(LEARNER, SOP);
    expect(issued).toHaveLength(2);
    expect(issued[1]!.at.getTime()).toBeGreaterThan(issued[0]!.at.getTime());
  });
});
