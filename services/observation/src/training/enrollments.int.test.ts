import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DataSource } from 'typeorm';
import type { Actor } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import type { CourseCompletion } from './course-completion.js';
import { CoursesRepository } from './courses.repository.js';
import { CoursesService } from './courses.service.js';

const ORG = 71;
const OTHER_ORG = 72;
const learner: Actor = { userId: 5, organizationId: ORG, role: 'operator' };

describe("a learner's enrolments", () => {
  let resources: TestResources;
  let db: DataSource;
  let repository: CoursesRepository;
  let service: CoursesService;
  let enrolled: number[];
  let own: number[];

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    repository = new CoursesRepository(db);
    service = new CoursesService(repository, {} as RpcClient, {} as CourseCompletion);
    // 300 courses of the organization, one of another; the learner is enrolled in two of each's.
    const courses = (await db.query(
      `INSERT INTO courses (organization_id, title, description, category, duration, difficulty, created_by)
       SELECT CASE WHEN n = 301 THEN $2::int ELSE $1::int END, 'Course ' || n, '', 'Safety', '1 hour', 'Beginner', 1
         FROM generate_series(1, 301) n RETURNING id, organization_id`,
      [ORG, OTHER_ORG],
    )) as { id: number; organization_id: number }[];
    own = courses.filter((course) => course.organization_id === ORG).map(({ id }) => id);
    const other = courses.find((course) => course.organization_id === OTHER_ORG)!.id;
    enrolled = [own[10]!, own[200]!];
    await db.query(
      `INSERT INTO course_sops (course_id, position, document_id, title, evaluation_id)
       SELECT id, 0, 4, 'Cooling', 1 FROM unnest($1::int[]) id`,
      [own],
    );
    await db.query(`INSERT INTO enrollments (course_id, user_id) SELECT unnest($1::int[]), $2`, [
      [...enrolled, other],
      learner.userId,
    ]);
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it("are read from the learner's courses alone, not every course of the organization", async () => {
    const rows = vi.spyOn(repository, 'rows');
    const sops = vi.spyOn(repository, 'sops');
    const found = await service.enrollments(learner);
    expect(found.map((one) => one.courseId).sort((a, b) => a - b)).toEqual(enrolled);
    expect(found.every((one) => one.status === 'in_progress' && one.progress === 0)).toBe(true);
    expect(rows.mock.calls.map((call) => call[2])).toEqual([enrolled]);
    expect(sops.mock.calls.map((call) => [...call[0]].sort((a, b) => a - b))).toEqual([enrolled]);
  });

  it('counts a course completed, as a certificate earned, by its completed enrolment only', async () => {
    // Another learner passed the SOP of every course (document 4), enrolled in none but one,
    // completed before that course gained a second SOP.
    const passer: Actor = { ...learner, userId: 6 };
    vi.spyOn(repository, 'passedDocuments').mockResolvedValue(new Set([4]));
    const [unenrolled, changed] = [own[0]!, own[1]!];
    await db.query(
      `INSERT INTO enrollments (course_id, user_id, completed_at) VALUES ($1, $2, now())`,
      [changed, passer.userId],
    );
    await db.query(
      `INSERT INTO course_sops (course_id, position, document_id, title, evaluation_id)
       VALUES ($1, 1, 9, 'Reheating', 2)`,
      [changed],
    );
    // No certificate without an enrolment: all passed reads 100 % in progress, the button enrols.
    expect(await service.one(passer, unenrolled)).toMatchObject({
      status: 'in_progress',
      progress: 100,
      changedSinceCompletion: false,
      enrolledAt: null,
    });
    // Completed stays completed (its certificate stands) and says the course changed since.
    expect(await service.one(passer, changed)).toMatchObject({
      status: 'completed',
      progress: 100,
      changedSinceCompletion: true,
      sops: [
        expect.objectContaining({ documentId: 4, passed: true }),
        expect.objectContaining({ documentId: 9, passed: false }),
      ],
    });
  });
});
