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

/**
 * Status and progress of a course for one learner, both from the SOPs they passed, enrolled or
 * not, so a card never shows "1 of 1 SOP passed" beside 0 % and "Not started". Enrolling starts
 * a course with nothing passed and records a completion (and its certificate), without changing
 * what the card shows otherwise; a completed enrolment stays completed after the course gained
 * a SOP.
 */
export function courseStanding(
  documentIds: number[],
  passed: Set<number>,
  enrolment: { completedAt: Date | null } | null,
): { status: Course['status']; progress: number } {
  const progress = progressOf(documentIds, passed);
  if (enrolment?.completedAt || progress >= 100) return { status: 'completed', progress: 100 };
  return { status: enrolment || progress > 0 ? 'in_progress' : 'not_started', progress };
}
