import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NEXT_ATTEMPT_SQL } from '../observations/retry-schedule.js';

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

/**
 * But those of the people in $3 (away: suspended or pending), whose enrolments stay open; each
 * completion owes its certificate from the same statement, so no failure can come in between.
 */
const COMPLETE_PRESENT_ENROLMENTS_SQL = `
  WITH completed AS (${completeEnrolmentsSql('AND e.user_id <> ALL($3::int[])')}),
       owed AS (INSERT INTO course_certificates_owed (course_id, user_id)
                SELECT course_id, user_id FROM completed ON CONFLICT DO NOTHING)
  SELECT * FROM completed`;

/**
 * A batch of the certificates owed that are due, each as its completion answered it: the least
 * tried first (then the oldest), so a batch that keeps failing falls behind the newer ones
 * instead of holding them back for ever.
 */
const OWED_SQL = `
  SELECT e.user_id, e.course_id, c.title, c.organization_id, e.completed_at AS at
    FROM course_certificates_owed o
    JOIN enrollments e ON e.course_id = o.course_id AND e.user_id = o.user_id
    JOIN courses c ON c.id = e.course_id
   WHERE o.next_attempt_at <= now()
   ORDER BY o.attempts, o.created_at LIMIT 100`;

/** A batch of the completion checks course edits owe that are due, the least tried first. */
const CHECKS_DUE_SQL = `
  SELECT k.course_id, c.organization_id, k.request
    FROM course_completion_checks k JOIN courses c ON c.id = k.course_id
   WHERE k.next_attempt_at <= now()
   ORDER BY k.attempts, k.requested_at LIMIT 100`;

/** The open enrolments of a course that it would complete, by learner. */
const COMPLETABLE_SQL = `
  SELECT e.user_id FROM enrollments e JOIN courses c ON c.id = e.course_id
   WHERE e.course_id = $1 AND e.completed_at IS NULL AND ${ALL_SOPS_PASSED}`;

/** The organization's courses with an open enrolment that they would complete. */
const COMPLETABLE_COURSES_SQL = `
  SELECT DISTINCT e.course_id FROM enrollments e JOIN courses c ON c.id = e.course_id
   WHERE c.organization_id = $1 AND e.completed_at IS NULL AND ${ALL_SOPS_PASSED}`;

/**
 * Completed courses of the learner that contain the SOP just passed again, all SOPs still passed,
 * whose certificate was issued before that SOP's latest pass: the pass that completed the course
 * (its effects run again after a failure, or after a second pass's) is not a renewal of the
 * certificate issued for it, a second 'issued' event moving its term.
 */
const RENEWABLE_SQL = `
  SELECT e.user_id, e.course_id, c.title, c.organization_id, now() AS at
    FROM enrollments e JOIN courses c ON c.id = e.course_id
   WHERE e.user_id = $1 AND e.completed_at IS NOT NULL
     AND EXISTS (SELECT 1 FROM course_sops s WHERE s.course_id = e.course_id AND s.document_id = $2)
     AND ${ALL_SOPS_PASSED}
     AND NOT EXISTS (
       SELECT 1 FROM certifications k
        WHERE k.organization_id = c.organization_id AND k.user_id = e.user_id
          AND k.kind = 'course' AND k.subject_id = e.course_id
          AND k.issued_at >= (
            SELECT max(o.completed_at) FROM observations o
             WHERE o.organization_id = c.organization_id AND o.operator_id = e.user_id
               AND o.document_id = $2 AND o.status = 'completed' AND o.passed))`;

/** A course's completions to check again, as the latest edit of it asked. */
export interface CourseCheck {
  course_id: number;
  organization_id: number;
  request: string;
}

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
    return (await this.db.query(COMPLETE_PRESENT_ENROLMENTS_SQL, [
      userId,
      courseId,
      away,
    ])) as CompletedRow[];
  }

  /** Course certificates owed by completions and due, least tried first, then oldest. */
  async owedCertificates(): Promise<CompletedRow[]> {
    return (await this.db.query(OWED_SQL)) as CompletedRow[];
  }

  /**
   * Runs `issue` for the certificate this completion owes, the row locked (SKIP LOCKED: one
   * another replica or request is issuing is left to it) and removed when issued; a failure is
   * counted on the row, kept for a later try, and thrown.
   */
  async settleCertificate(row: CompletedRow, issue: () => Promise<void>): Promise<void> {
    const key = [row.course_id, row.user_id];
    try {
      await this.db.transaction(async (tx) => {
        // Due once locked: another replica's pass, which read the same batch, may have failed
        // it meanwhile (a completion's own row is due from its insert).
        const owed = (await tx.query(
          `SELECT 1 FROM course_certificates_owed
            WHERE course_id = $1 AND user_id = $2 AND next_attempt_at <= now()
              FOR UPDATE SKIP LOCKED`,
          key,
        )) as unknown[];
        if (owed.length === 0) return;
        await issue();
        await tx.query(
          `DELETE FROM course_certificates_owed WHERE course_id = $1 AND user_id = $2`,
          key,
        );
      });
    } catch (error) {
      await this.db.query(
        `UPDATE course_certificates_owed
            SET attempts = attempts + 1, last_error = $3, next_attempt_at = ${NEXT_ATTEMPT_SQL}
          WHERE course_id = $1 AND user_id = $2`,
        [...key, String(error).slice(0, 1000)],
      );
      throw error;
    }
  }

  /**
   * Counts a failed attempt on these owed certificates, none of them tried (their holders
   * unknown), so that they too fall behind the newer ones.
   */
  async countFailure(rows: CompletedRow[], error: unknown): Promise<void> {
    await this.db.query(
      `UPDATE course_certificates_owed o
          SET attempts = attempts + 1, last_error = $3, next_attempt_at = ${NEXT_ATTEMPT_SQL}
         FROM unnest($1::int[], $2::int[]) AS k(course_id, user_id)
        WHERE o.course_id = k.course_id AND o.user_id = k.user_id`,
      [
        rows.map((row) => row.course_id),
        rows.map((row) => row.user_id),
        String(error).slice(0, 1000),
      ],
    );
  }

  /** The completion checks course edits owe that are due, least tried first, then oldest. */
  async checksDue(): Promise<CourseCheck[]> {
    return (await this.db.query(CHECKS_DUE_SQL)) as CourseCheck[];
  }

  /** The check done: cleared, unless an edit since asked for one of its own. */
  async checked(check: CourseCheck): Promise<void> {
    await this.db.query(
      `DELETE FROM course_completion_checks WHERE course_id = $1 AND request = $2`,
      [check.course_id, check.request],
    );
  }

  /**
   * The check failed: tried again later (an edit since has asked for one of its own). Counted
   * while still due: another replica's pass that read it too and failed it first counted it.
   */
  async countCheckFailure(check: CourseCheck, error: unknown): Promise<void> {
    await this.db.query(
      `UPDATE course_completion_checks
          SET attempts = attempts + 1, last_error = $3, next_attempt_at = ${NEXT_ATTEMPT_SQL}
        WHERE course_id = $1 AND request = $2 AND next_attempt_at <= now()`,
      [check.course_id, check.request, String(error).slice(0, 1000)],
    );
  }

  /** The learners whose open enrolments of the course have every SOP passed. */
  async completable(courseId: number): Promise<number[]> {
    const rows = (await this.db.query(COMPLETABLE_SQL, [courseId])) as { user_id: number }[];
    return rows.map((row) => row.user_id);
  }

  /** The organization's courses with an open enrolment whose SOPs are all passed. */
  async completableCourses(organizationId: number): Promise<number[]> {
    const rows = (await this.db.query(COMPLETABLE_COURSES_SQL, [organizationId])) as {
      course_id: number;
    }[];
    return rows.map((row) => row.course_id);
  }

  /** The learner's completed courses that contain this SOP, all their SOPs still passed. */
  async renewable(userId: number, documentId: number): Promise<CompletedRow[]> {
    return (await this.db.query(RENEWABLE_SQL, [userId, documentId])) as CompletedRow[];
  }
}
