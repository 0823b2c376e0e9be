import { describe, expect, it } from 'vitest';
import { courseStanding } from './course-progress.js';

const passedOne = new Set([1]);
const completed = { completedAt: new Date() };

describe('a course for one learner', () => {
  it('is completed by its completed enrolment only, the record its certificate comes with', () => {
    // Every SOP passed before enrolling: 100 %, in progress; the button enrols and completes.
    expect(courseStanding([1], passedOne, null)).toEqual({
      status: 'in_progress',
      progress: 100,
      changedSinceCompletion: false,
    });
    expect(courseStanding([1], passedOne, completed)).toEqual({
      status: 'completed',
      progress: 100,
      changedSinceCompletion: false,
    });
  });

  it('is in progress with some SOPs passed, before and after enrolling', () => {
    const half = { status: 'in_progress', progress: 50, changedSinceCompletion: false };
    expect(courseStanding([1, 2], passedOne, null)).toEqual(half);
    expect(courseStanding([1, 2], passedOne, { completedAt: null })).toEqual(half);
  });

  it('is not started with nothing passed and no enrolment; in progress once enrolled', () => {
    expect(courseStanding([2], passedOne, null)).toEqual({
      status: 'not_started',
      progress: 0,
      changedSinceCompletion: false,
    });
    expect(courseStanding([2], passedOne, { completedAt: null })).toMatchObject({
      status: 'in_progress',
      progress: 0,
    });
  });

  it('keeps a completed enrolment completed after the course gained a SOP, and says so', () => {
    expect(courseStanding([1, 2], passedOne, completed)).toEqual({
      status: 'completed',
      progress: 100,
      changedSinceCompletion: true,
    });
  });
});
