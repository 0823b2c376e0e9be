import { describe, expect, it } from 'vitest';
import { courseStanding } from './course-progress.js';

const passedOne = new Set([1]);

describe('a course for one learner', () => {
  it('counts SOPs passed before enrolling: all passed is completed, enrolled or not', () => {
    const before = courseStanding([1], passedOne, null);
    const after = courseStanding([1], passedOne, { completedAt: new Date() });
    expect(before).toEqual({ status: 'completed', progress: 100 });
    expect(after).toEqual(before);
  });

  it('is in progress with some SOPs passed, before and after enrolling', () => {
    expect(courseStanding([1, 2], passedOne, null)).toEqual({
      status: 'in_progress',
      progress: 50,
    });
    expect(courseStanding([1, 2], passedOne, { completedAt: null })).toEqual({
      status: 'in_progress',
      progress: 50,
    });
  });

  it('is not started with nothing passed and no enrolment; in progress once enrolled', () => {
    expect(courseStanding([2], passedOne, null)).toEqual({ status: 'not_started', progress: 0 });
    expect(courseStanding([2], passedOne, { completedAt: null })).toEqual({
      status: 'in_progress',
      progress: 0,
    });
  });

  it('keeps a completed enrolment completed after the course gained a SOP', () => {
    expect(courseStanding([1, 2], passedOne, { completedAt: new Date() })).toEqual({
      status: 'completed',
      progress: 100,
    });
  });
});
