import { type Course, DEFAULT_PREFERENCES, SaveCourseRequest } from '@hub/proto';
import { afterEach, describe, expect, it } from 'vitest';
import { setDatePreferences } from '../i18n/format';
import {
  ALL_CATEGORIES,
  clampPercent,
  courseButton,
  courseButtonLabel,
  courseCategories,
  courseDraftOf,
  courseDueText,
  courseErrors,
  courseSaveBody,
  emptyCourseDraft,
  filledStars,
  filterCourses,
  myLearning,
  ratingText,
  sopProgressText,
  trainingStats,
} from './training';

const courses = [
  {
    title: 'Cooling',
    description: 'Cool food fast',
    category: 'Food Safety',
    status: 'completed' as const,
  },
  {
    title: 'Ovens',
    description: 'Oven safety',
    category: 'Equipment',
    status: 'in_progress' as const,
  },
  {
    title: 'Hygiene',
    description: 'Hands',
    category: 'Food Safety',
    status: 'not_started' as const,
  },
];

describe('course status', () => {
  it('labels the card button by status', () => {
    expect(courseButtonLabel('not_started')).toBe('Start Course');
    expect(courseButtonLabel('in_progress')).toBe('Continue');
    expect(courseButtonLabel('completed')).toBe('Review');
  });

  it('enrols first from a course not yet enrolled in, whatever its status', () => {
    expect(courseButton({ status: 'completed', enrolledAt: null })).toEqual({
      label: 'Review',
      enrols: true,
    });
    expect(courseButton({ status: 'not_started', enrolledAt: null })).toEqual({
      label: 'Start Course',
      enrols: true,
    });
    expect(courseButton({ status: 'in_progress', enrolledAt: '2026-12-01T10:00:00Z' })).toEqual({
      label: 'Continue',
      enrols: false,
    });
  });

  it('tracks progress over the courses', () => {
    expect(trainingStats(courses)).toEqual({
      total: 3,
      completed: 1,
      inProgress: 1,
      overallPercent: 33,
      certificates: 1,
    });
    expect(trainingStats([]).overallPercent).toBe(0);
    expect(myLearning(courses).map((course) => course.title)).toEqual(['Cooling', 'Ovens']);
  });
});

describe('filters', () => {
  it('draws categories from the courses', () => {
    expect(courseCategories(courses)).toEqual(['Equipment', 'Food Safety']);
  });

  it('filters by category and words', () => {
    expect(filterCourses(courses, '', ALL_CATEGORIES)).toHaveLength(3);
    expect(filterCourses(courses, '', 'Food Safety').map((c) => c.title)).toEqual([
      'Cooling',
      'Hygiene',
    ]);
    expect(filterCourses(courses, 'SAFETY oven', ALL_CATEGORIES).map((c) => c.title)).toEqual([
      'Ovens',
    ]);
  });
});

describe('texts', () => {
  it('rates, rounds and counts', () => {
    expect(ratingText(null, 0)).toBe('No ratings yet');
    expect(ratingText(4.5, 2)).toBe('4.5 (2 ratings)');
    expect(ratingText(5, 1)).toBe('5.0 (1 rating)');
    expect(filledStars(4.4)).toBe(4);
    expect(filledStars(4.5)).toBe(5);
    expect(filledStars(null)).toBe(0);
    expect(clampPercent(133)).toBe(100);
    expect(clampPercent(49.6)).toBe(50);
    const sops = [
      { documentId: 1, title: 'A', evaluationId: 1, passed: true },
      { documentId: 2, title: 'B', evaluationId: 2, passed: false },
    ];
    const course = {
      sops,
      status: 'in_progress' as const,
      enrolledAt: '2026-11-01T00:00:00Z',
      changedSinceCompletion: false,
    };
    expect(sopProgressText(course)).toBe('1 of 2 SOPs passed');
  });

  it("checks the course form with proto's messages", () => {
    expect(courseErrors(emptyCourseDraft())).toEqual({
      title: 'Title is required',
      category: 'Category is required',
      duration: 'Duration is required',
      documentIds: 'Add at least one SOP to the course',
    });
    expect(
      courseErrors({
        ...emptyCourseDraft(),
        title: 'Cooling',
        category: 'Food Safety',
        duration: '1 hour',
        documentIds: [4],
      }),
    ).toEqual({});
  });
});

describe('course due date', () => {
  afterEach(() => setDatePreferences(DEFAULT_PREFERENCES));
  const noon = new Date('2026-11-25T12:00:00Z');

  it('shows the due day Insights shows, overdue once passed and not completed', () => {
    setDatePreferences({ timeZone: 'UTC', dateFormat: null });
    expect(courseDueText({ dueDate: null, status: 'in_progress' }, noon)).toBeNull();
    expect(courseDueText({ dueDate: '2026-12-01', status: 'in_progress' }, noon)).toEqual({
      text: 'Due 12/01/2026',
      overdue: false,
    });
    expect(courseDueText({ dueDate: '2026-11-20', status: 'not_started' }, noon)).toEqual({
      text: 'Overdue since 11/20/2026',
      overdue: true,
    });
    expect(courseDueText({ dueDate: '2026-11-20', status: 'completed' }, noon)?.overdue).toBe(
      false,
    );
  });

  it("is overdue from the viewer's midnight, not from UTC's", () => {
    setDatePreferences({ timeZone: 'America/Los_Angeles', dateFormat: null });
    const due = { dueDate: '2026-11-25', status: 'in_progress' as const };
    // 16:00 and 23:59 in Los Angeles on the due day: UTC's day has turned, the viewer's not.
    expect(courseDueText(due, new Date('2026-11-26T00:00:00Z'))?.overdue).toBe(false);
    expect(courseDueText(due, new Date('2026-11-26T07:59:00Z'))?.overdue).toBe(false);
    // Their midnight passed.
    expect(courseDueText(due, new Date('2026-11-26T08:00:00Z'))?.overdue).toBe(true);
    // Ahead of UTC (Tokyo): the day passes before UTC's does.
    setDatePreferences({ timeZone: 'Asia/Tokyo', dateFormat: null });
    expect(courseDueText(due, new Date('2026-11-25T15:00:00Z'))?.overdue).toBe(true);
  });
});

describe('saving a course', () => {
  const body = {
    title: 'Cooling',
    description: '',
    category: 'Safety',
    duration: '1 hour',
    difficulty: 'Beginner' as const,
    documentIds: [4],
    dueDate: null,
  };

  it('names the version an edit was made from, and none for a new course', () => {
    const read = { updatedAt: '2026-12-05T10:00:00.123Z' } as Parameters<typeof courseSaveBody>[0];
    expect(courseSaveBody(read, body)).toEqual({ ...body, updatedAt: '2026-12-05T10:00:00.123Z' });
    expect(courseSaveBody(null, body)).toEqual(body);
  });

  /**
   * The editor has no due date field: an edit of the title sent none, which the contract reads
   * as null, so a course's deadline (Upcoming Goals, 'Overdue' on its cards) was lost.
   */
  it("keeps the course's due date through an edit", () => {
    const course = {
      ...body,
      dueDate: '2027-03-31',
      sops: [{ documentId: 4, title: 'Cooling', evaluationId: 9, passed: false }],
    } as unknown as Course;
    const sent = SaveCourseRequest.parse({ ...courseDraftOf(course), title: 'Cooling food' });
    expect(sent.dueDate).toBe('2027-03-31');
    expect(emptyCourseDraft().dueDate).toBeNull();
  });
});
