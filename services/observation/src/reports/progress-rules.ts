import type { ProgressInsightsPage } from '@hub/proto';
import type { EnrolmentRow } from './insight-pages.repository.js';

type CourseProgress = ProgressInsightsPage['courses'][number];
type PersonProgress = Omit<ProgressInsightsPage['people'][number], 'name'> & {
  organizationId: number;
};

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * An enrolment's progress as the training centre shows it: the share of the course's SOPs
 * passed, 100 once the course is completed.
 */
export function enrolmentProgress(row: Pick<EnrolmentRow, 'sops' | 'passed' | 'completed'>) {
  if (row.completed) return 100;
  return row.sops === 0 ? 0 : oneDecimal((100 * row.passed) / row.sops);
}

function mean(values: number[]): number | null {
  if (values.length === 0) return null;
  return oneDecimal(values.reduce((sum, value) => sum + value, 0) / values.length);
}

/** Per course: enrolled, completed, in progress and mean progress, in the rows' order. */
export function progressByCourse(rows: EnrolmentRow[]): CourseProgress[] {
  const courses = new Map<number, { course: CourseProgress; progress: number[] }>();
  for (const row of rows) {
    const entry = courses.get(row.course_id) ?? {
      course: {
        courseId: row.course_id,
        title: row.title,
        dueDate: row.due_day,
        enrolled: 0,
        completed: 0,
        inProgress: 0,
        averageProgress: null,
      },
      progress: [],
    };
    courses.set(row.course_id, entry);
    if (row.user_id === null) continue;
    const progress = enrolmentProgress(row);
    entry.progress.push(progress);
    entry.course.enrolled += 1;
    if (progress >= 100) entry.course.completed += 1;
    else entry.course.inProgress += 1;
  }
  return [...courses.values()].map(({ course, progress }) => ({
    ...course,
    averageProgress: mean(progress),
  }));
}

/** Per enrolled person: their courses and mean progress, those furthest behind first. */
export function progressByPerson(rows: EnrolmentRow[]): PersonProgress[] {
  const people = new Map<number, PersonProgress>();
  for (const row of rows) {
    if (row.user_id === null) continue;
    const person = people.get(row.user_id) ?? {
      userId: row.user_id,
      organizationId: row.organization_id,
      courses: 0,
      completed: 0,
      averageProgress: 0,
      enrolments: [],
    };
    people.set(row.user_id, person);
    const progress = enrolmentProgress(row);
    person.enrolments.push({ courseId: row.course_id, title: row.title, progress });
    person.courses += 1;
    if (progress >= 100) person.completed += 1;
  }
  return [...people.values()]
    .map((person) => ({
      ...person,
      averageProgress: mean(person.enrolments.map((e) => e.progress)) ?? 0,
    }))
    .sort((a, b) => a.averageProgress - b.averageProgress || a.userId - b.userId);
}
