import type { Course } from '@hub/proto';

/**
 * A course's progress is the share of its SOPs the user passed in an observation
 * (CoursesRepository.passedDocuments); it is completed when every one is.
 */
export function progressOf(documentIds: number[], passed: Set<number>): number {
  if (documentIds.length === 0) return 0;
  const done = documentIds.filter((id) => passed.has(id)).length;
  return Math.round((done / documentIds.length) * 1000) / 10;
}

export interface CourseStanding {
  status: Course['status'];
  progress: number;
  /** Completed, and the course has since gained SOPs the learner has not passed. */
  changedSinceCompletion: boolean;
}

/**
 * Status and progress of a course for one learner, from the same records the counts and the
 * certificate come from (issue #51 item 4: progress, status and button agree).
 *
 * Completed means a completed enrolment, the record its certificate comes with, so Courses
 * Completed and Certificates Earned count the same courses as the Certifications page. Every
 * SOP passed before enrolling reads 100 % in progress: the button enrols, which completes the
 * course at once and issues its certificate. A completed enrolment stays completed (its
 * certificate stands) at 100 % after the course gained a SOP; `changedSinceCompletion` then
 * lets the card say so and name the SOPs to pass, rather than '1 of 2 SOPs passed' beside 100 %.
 */
export function courseStanding(
  documentIds: number[],
  passed: Set<number>,
  enrolment: { completedAt: Date | null } | null,
): CourseStanding {
  const progress = progressOf(documentIds, passed);
  if (enrolment?.completedAt) {
    const changedSinceCompletion = documentIds.some((id) => !passed.has(id));
    return { status: 'completed', progress: 100, changedSinceCompletion };
  }
  const status = enrolment || progress > 0 ? 'in_progress' : 'not_started';
  return { status, progress, changedSinceCompletion: false };
}
