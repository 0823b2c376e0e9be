import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

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
 * observation (`extra`: a further condition). One statement, so a completion can never be missed
 * between a read and a write. Once set, completed_at stays: a later edit of the course does not
 * take a completion back.
 */
const completeEnrolmentsSql = (extra = '') => `
  UPDATE enrollments e SET completed_at = now()
    FROM courses c
   WHERE c.id = e.course_id AND e.completed_at IS NULL
     AND ($1::int IS NULL OR e.user_id = $1) AND ($2::int IS NULL OR e.course_id = $2) ${extra}
     AND ${ALL_SOPS_PASSED}
  RETURNING e.user_id, e.course_id, c.title, c.organization_id, e.completed_at AS at`;

/** Every learner's, as the migration that introduced completions backfilled them. */
export const COMPLETE_ENROLMENTS_SQL = completeEnrolmentsSql();

/** But those of the people in $3 (away: suspended or pending), whose enrolments stay open. */
const COMPLETE_PRESENT_ENROLMENTS_SQL = completeEnrolmentsSql('AND e.user_id <> ALL($3::int[])');

/** The open enrolments of a course that it would complete, by learner. */
const COMPLETABLE_SQL = `
  SELECT e.user_id FROM enrollments e JOIN courses c ON c.id = e.course_id
   WHERE e.course_id = $1 AND e.completed_at IS NULL AND ${ALL_SOPS_PASSED}`;

/** Completed courses of the learner that contain the SOP just passed again, all SOPs still passed. */
const RENEWABLE_SQL = `
  SELECT e.user_id, e.course_id, c.title, c.organization_id, now() AS at
    FROM enrollments e JOIN courses c ON c.id = e.course_id
   WHERE e.user_id = $1 AND e.completed_at IS NOT NULL
     AND EXISTS (SELECT 1 FROM course_sops s WHERE s.course_id = e.course_id AND s.document_id = $2)
     AND ${ALL_SOPS_PASSED}`;

export interface CompletedRow {
  user_id: number;
  course_id: number;
  title: string;
  organization_id: number;
  at: Date;
}

/** Enrolments that a pass completes, or renews the certification of. */
@Injectable()
export class CourseCompletionRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * Completes the open enrolments (of a learner, a course, or both) whose SOPs are all passed,
   * leaving those of the people `away` open.
   */
  async completeEnrolments(userId: number | null, courseId: number | null, away: number[] = []) {
    // TypeORM answers an UPDATE ... RETURNING as [rows, affected count].
    const [rows] = (await this.db.query(COMPLETE_PRESENT_ENROLMENTS_SQL, [
      userId,
      courseId,
      away,
    ])) as [CompletedRow[], number];
    return rows;
  }

  /** The learners whose open enrolments of the course have every SOP passed. */
  async completable(courseId: number): Promise<number[]> {
    const rows = (await this.db.query(COMPLETABLE_SQL, [courseId])) as { user_id: number }[];
    return rows.map((row) => row.user_id);
  }

  /** The learner's completed courses that contain this SOP, all their SOPs still passed. */
  async renewable(userId: number, documentId: number): Promise<CompletedRow[]> {
    return (await this.db.query(RENEWABLE_SQL, [userId, documentId])) as CompletedRow[];
  }
}
