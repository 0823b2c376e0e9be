import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DataSource } from 'typeorm';
import type { Actor } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import { claimTestResources, type TestResources } from '@hub/testing';
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

  beforeAll(async () => {
    resources = claimTestResources();
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
    const own = courses.filter((course) => course.organization_id === ORG).map(({ id }) => id);
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
});
