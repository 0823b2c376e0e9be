import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CertificationIssuer } from '../certifications/certification-issuer.js';
import { Members } from '../team/members.js';

/** Every SOP of the course (there is at least one) passed by the learner in a completed observation. */
const ALL_SOPS_PASSED = `
  EXISTS (SELECT 1 FROM course_sops s WHERE s.course_id = e.course_id)
  AND NOT EXISTS (
    SELECT 1 FROM course_sops s
     WHERE s.course_id = e.course_id
       AND NOT EXISTS (
         SELECT 1 FROM observations o
          WHERE o.organization_id = c.organization_id AND o.operator_id = e.user_id
            AND o.document_id = s.document_id AND o.status = 'completed' AND o.passed))`;

/**
 * Completes every open enrolment whose course has SOPs, all passed by the learner in a completed
 * observation. One statement, so a completion can never be missed between a read and a write.
 * Once set, completed_at stays: a later edit of the course does not take a completion back.
 */
export const COMPLETE_ENROLMENTS_SQL = `
  UPDATE enrollments e SET completed_at = now()
    FROM courses c
   WHERE c.id = e.course_id AND e.completed_at IS NULL
     AND ($1::int IS NULL OR e.user_id = $1) AND ($2::int IS NULL OR e.course_id = $2)
     AND ${ALL_SOPS_PASSED}
  RETURNING e.user_id, e.course_id, c.title, c.organization_id, e.completed_at AS at`;

/** Completed courses of the learner that contain the SOP just passed again, all SOPs still passed. */
const RENEWABLE_SQL = `
  SELECT e.user_id, e.course_id, c.title, c.organization_id, now() AS at
    FROM enrollments e JOIN courses c ON c.id = e.course_id
   WHERE e.user_id = $1 AND e.completed_at IS NOT NULL
     AND EXISTS (SELECT 1 FROM course_sops s WHERE s.course_id = e.course_id AND s.document_id = $2)
     AND ${ALL_SOPS_PASSED}`;

interface CompletedRow {
  user_id: number;
  course_id: number;
  title: string;
  organization_id: number;
  at: Date;
}

/**
 * Keeps enrolments' completed_at in step with passed observations, and certifies each course
 * completed. Passing one of a completed course's SOPs again renews its certification.
 */
@Injectable()
export class CourseCompletion {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(CertificationIssuer) private readonly certifications: CertificationIssuer,
    @Inject(Members) private readonly members: Members,
  ) {}

  private async complete(userId: number | null, courseId: number | null) {
    // TypeORM answers an UPDATE ... RETURNING as [rows, affected count].
    const [rows] = (await this.db.query(COMPLETE_ENROLMENTS_SQL, [userId, courseId])) as [
      CompletedRow[],
      number,
    ];
    return rows;
  }

  /** After an observation of this learner completed; passedDocumentId when it was a pass. */
  async forLearner(userId: number, passedDocumentId: number | null = null): Promise<void> {
    const completed = await this.complete(userId, null);
    const renewable =
      passedDocumentId === null
        ? []
        : ((await this.db.query(RENEWABLE_SQL, [userId, passedDocumentId])) as CompletedRow[]);
    const done = new Set(completed.map((row) => row.course_id));
    await this.certify([...completed, ...renewable.filter((row) => !done.has(row.course_id))]);
  }

  /** After a learner enrolled (they may have passed every SOP already). */
  async forEnrolment(userId: number, courseId: number): Promise<void> {
    await this.certify(await this.complete(userId, courseId));
  }

  /** After a course's SOPs changed. */
  async forCourse(courseId: number): Promise<void> {
    await this.certify(await this.complete(null, courseId));
  }

  private async certify(rows: CompletedRow[]): Promise<void> {
    const organizations = [...new Set(rows.map((row) => row.organization_id))];
    for (const organizationId of organizations) {
      const people = await this.members.all(organizationId);
      for (const row of rows.filter((candidate) => candidate.organization_id === organizationId)) {
        const holder = people.find((person) => person.id === row.user_id);
        await this.certifications.courseCompleted(
          {
            organizationId,
            courseId: row.course_id,
            title: row.title,
            userId: row.user_id,
            holderName: holder?.name ?? 'Unknown learner',
          },
          row.at,
        );
      }
    }
  }
}
