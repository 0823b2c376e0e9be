import { describe, expect, it } from 'vitest';
import type { EnrolmentRow } from './insight-pages.repository.js';
import { enrolmentProgress, progressByCourse, progressByPerson } from './progress-rules.js';

const row = (
  courseId: number,
  userId: number | null,
  sops: number,
  passed: number,
  completed = false,
): EnrolmentRow => ({
  organization_id: 1,
  course_id: courseId,
  title: `Course ${courseId}`,
  due_day: null,
  user_id: userId,
  sops,
  passed,
  completed,
});

describe('course progress', () => {
  it('is the share of SOPs passed, 100 once completed, 0 for a course without SOPs', () => {
    expect(enrolmentProgress(row(1, 5, 3, 1))).toBe(33.3);
    expect(enrolmentProgress(row(1, 5, 3, 0, true))).toBe(100);
    expect(enrolmentProgress(row(1, 5, 0, 0))).toBe(0);
  });

  it('counts a course’s enrolled, completed and mean progress; nobody enrolled has no mean', () => {
    const courses = progressByCourse([row(1, 5, 2, 2), row(1, 6, 2, 0), row(2, null, 1, 0)]);
    expect(courses).toEqual([
      expect.objectContaining({
        courseId: 1,
        enrolled: 2,
        completed: 1,
        inProgress: 1,
        averageProgress: 50,
      }),
      expect.objectContaining({ courseId: 2, enrolled: 0, averageProgress: null }),
    ]);
  });

  it('lists people furthest behind first, with each enrolment', () => {
    const people = progressByPerson([row(1, 5, 2, 2), row(2, 5, 4, 1), row(1, 6, 2, 0)]);
    expect(people.map((person) => [person.userId, person.averageProgress])).toEqual([
      [6, 0],
      [5, 62.5],
    ]);
    expect(people[1]!.enrolments).toEqual([
      { courseId: 1, title: 'Course 1', progress: 100 },
      { courseId: 2, title: 'Course 2', progress: 25 },
    ]);
    expect(people[1]).toMatchObject({ courses: 2, completed: 1 });
  });
});
