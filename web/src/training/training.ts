import { SaveCourseRequest, type Course } from '@hub/proto';
import { fieldErrors, type FieldErrors } from '../forms/fieldErrors';
import type { BadgeTone } from '../ui/Badge';
import { formatDate } from '../ui/dates';
import { i18n } from '../i18n/i18n';
import { formatDecimal, todayCalendarDay } from '../i18n/format';
import { isApiError } from '../api/client';

export type CourseStatus = Course['status'];

/** Spec: the card's button by status. */
export function courseButtonLabel(status: CourseStatus): string {
  return i18n.t(`training.button.${status}`);
}

/**
 * The card's button: labelled by status; on a course the learner has not enrolled in it enrols
 * first (SOPs passed before count already: with every one passed, 'Continue' enrols, which
 * records the completion and its certificate).
 */
export function courseButton(course: Pick<Course, 'status' | 'enrolledAt'>): {
  label: ReturnType<typeof courseButtonLabel>;
  enrols: boolean;
} {
  return { label: courseButtonLabel(course.status), enrols: course.enrolledAt === null };
}

/** The toast after enrolling, by the status the enrolment answered. */
export const enrolledToastTitle = (status: CourseStatus) =>
  status === 'completed' ? i18n.t('training.courseCompleted') : i18n.t('training.courseStarted');

export function courseStatusBadge(status: CourseStatus): { label: string; tone: BadgeTone } {
  const label = i18n.t(`training.status.${status}`);
  switch (status) {
    case 'not_started':
      return { label, tone: 'neutral' };
    case 'in_progress':
      return { label, tone: 'blue' };
    case 'completed':
      return { label, tone: 'green' };
  }
}

export function difficultyTone(difficulty: Course['difficulty']): BadgeTone {
  return difficulty === 'Beginner' ? 'green' : difficulty === 'Intermediate' ? 'amber' : 'red';
}

export interface TrainingStats {
  total: number;
  completed: number;
  inProgress: number;
  /** Percent of courses completed, rounded (0 without courses). */
  overallPercent: number;
  /** Spec: Certificates Earned equals the completed count. */
  certificates: number;
}

export function trainingStats(courses: readonly Pick<Course, 'status'>[]): TrainingStats {
  const completed = courses.filter((course) => course.status === 'completed').length;
  const inProgress = courses.filter((course) => course.status === 'in_progress').length;
  const total = courses.length;
  return {
    total,
    completed,
    inProgress,
    overallPercent: total === 0 ? 0 : Math.round((completed / total) * 100),
    certificates: completed,
  };
}

export const ALL_CATEGORIES = 'all';

/** The category select: 'All Categories', then the courses' own categories, sorted. */
export function courseCategories(courses: readonly Pick<Course, 'category'>[]): string[] {
  return [...new Set(courses.map((course) => course.category.trim()).filter(Boolean))].sort(
    (a, b) => a.localeCompare(b),
  );
}

/** By category and by words of the title, description or category (case-insensitive). */
export function filterCourses<T extends Pick<Course, 'title' | 'description' | 'category'>>(
  courses: readonly T[],
  search: string,
  category: string,
): T[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return courses.filter((course) => {
    if (category !== ALL_CATEGORIES && course.category.trim() !== category) return false;
    const text = `${course.title} ${course.description} ${course.category}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** My Learning: courses whose status is not not_started. */
export function myLearning<T extends Pick<Course, 'status'>>(courses: readonly T[]): T[] {
  return courses.filter((course) => course.status !== 'not_started');
}

/** '4.5 (2 ratings)', '5.0 (1 rating)', 'No ratings yet'. */
export function ratingText(rating: number | null, count: number): string {
  if (rating === null || count === 0) return i18n.t('training.noRatings');
  return i18n.t('training.rating', { rating: formatDecimal(rating, 1), count });
}

/** How many of 5 stars are filled for an average (rounded to the nearest whole star). */
export function filledStars(rating: number | null): number {
  if (rating === null || !Number.isFinite(rating)) return 0;
  return Math.min(5, Math.max(0, Math.round(rating)));
}

export const clampPercent = (value: number) =>
  Math.min(100, Math.max(0, Math.round(Number.isFinite(value) ? value : 0)));

/**
 * The line above a card's SOPs, agreeing with its status and progress: '2 of 3 SOPs passed';
 * for a course completed before it gained SOPs (completed, 100 %, its certificate standing),
 * how many new ones are left to pass; with every SOP passed before enrolling (100 %, in
 * progress), that the button completes it and brings its certificate.
 */
export function sopProgressText(
  course: Pick<Course, 'sops' | 'status' | 'enrolledAt' | 'changedSinceCompletion'>,
): string {
  const { sops } = course;
  const passed = sops.filter((sop) => sop.passed).length;
  if (course.changedSinceCompletion)
    return i18n.t('training.sopsChanged', { count: sops.length - passed });
  const allPassed = passed > 0 && passed === sops.length;
  if (allPassed && course.status !== 'completed' && course.enrolledAt === null)
    return i18n.t('training.sopsAllPassed');
  return i18n.t('training.sopsPassed', { passed, count: sops.length });
}

// The course editor.

export interface CourseDraft {
  title: string;
  description: string;
  category: string;
  duration: string;
  difficulty: string;
  documentIds: number[];
  /**
   * Carried through unseen (the form has no field for it): a save without it reads as none, so
   * an edit of the title took away the course's deadline.
   */
  dueDate: string | null;
}

export const emptyCourseDraft = (): CourseDraft => ({
  title: '',
  description: '',
  category: '',
  duration: '',
  difficulty: 'Beginner',
  documentIds: [],
  dueDate: null,
});

export function courseDraftOf(course: Course): CourseDraft {
  return {
    title: course.title,
    description: course.description,
    category: course.category,
    duration: course.duration,
    difficulty: course.difficulty,
    documentIds: course.sops.map((sop) => sop.documentId),
    dueDate: course.dueDate,
  };
}

/**
 * What a save sends: an edit names the version of the course it was made from, so a course
 * someone else saved meanwhile is refused (409 `course_changed`), not overwritten.
 */
export function courseSaveBody(course: Course | null, body: SaveCourseRequest): SaveCourseRequest {
  return course ? { ...body, updatedAt: course.updatedAt } : body;
}

/** A save refused because someone else saved the course since it was read. */
export const isCourseChanged = (error: unknown) =>
  isApiError(error, 409) && error.code === 'course_changed';

/** proto's SaveCourseRequest messages, the first per field. */
export function courseErrors(draft: CourseDraft): FieldErrors {
  return fieldErrors(SaveCourseRequest, draft);
}

/**
 * The due date a course card shows, the same day Insights > Progress shows for it: null without
 * one; 'Overdue' once the day has passed and the course is not completed. A due date is a
 * calendar day: it passes at midnight where the viewer is (their chosen time zone, else the
 * browser's), not at UTC's midnight, which in Los Angeles fell at 16:00 on the due day.
 */
export function courseDueText(
  course: Pick<Course, 'dueDate' | 'status'>,
  now: Date,
): { text: string; overdue: boolean } | null {
  if (!course.dueDate) return null;
  const overdue = course.status !== 'completed' && course.dueDate < todayCalendarDay(now);
  return {
    text: overdue
      ? i18n.t('training.overdueSince', { date: formatDate(course.dueDate) })
      : i18n.t('training.due', { date: formatDate(course.dueDate) }),
    overdue,
  };
}
