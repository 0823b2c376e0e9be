import type { Course } from '@hub/proto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { CourseGrid, SopList } from './CourseCard';

const sop = (documentId: number, passed: boolean) => ({
  documentId,
  title: `SOP ${documentId}`,
  evaluationId: documentId,
  passed,
});

const course = (changes: Partial<Course>): Course => ({
  id: 1,
  title: 'Cooling',
  description: '',
  category: 'Food',
  duration: '1 h',
  difficulty: 'Beginner',
  status: 'in_progress',
  progress: 50,
  changedSinceCompletion: false,
  enrolled: 1,
  rating: null,
  ratingCount: 0,
  myRating: null,
  sops: [sop(1, true), sop(2, false)],
  enrolledAt: '2026-11-01T00:00:00Z',
  dueDate: null,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  ...changes,
});

const render = (shown: Course) => renderToStaticMarkup(createElement(SopList, { course: shown }));

describe("a course card's SOPs agree with its status and progress", () => {
  it('counts the SOPs passed of a course in progress', () => {
    expect(render(course({}))).toContain('1 of 2 SOPs passed');
  });

  it('says a completed course changed since, and which new SOP to pass, not 1 of 2 beside 100 %', () => {
    const html = render(
      course({ status: 'completed', progress: 100, changedSinceCompletion: true }),
    );
    expect(html).toContain('Course updated since you completed it: 1 new SOP to pass');
    expect(html).not.toContain('1 of 2 SOPs passed');
    expect(html).toContain('data-passed="false"');
  });

  it('says continuing completes a course whose SOPs were all passed before enrolling', () => {
    const html = render(
      course({ progress: 100, enrolledAt: null, sops: [sop(1, true), sop(2, true)] }),
    );
    expect(html).toContain('All SOPs passed: continue to complete the course');
  });
});

/** The card's progress read '50%' to a French or Spanish reader, where the other pages write '50 %'. */
describe("a course card's progress in the reader's number format", () => {
  const card = (shown: Course) =>
    renderToStaticMarkup(
      createElement(
        QueryClientProvider,
        { client: new QueryClient() },
        createElement(CourseGrid, {
          courses: [shown],
          empty: '',
          editor: false,
          onEdit: () => undefined,
          onOpen: () => undefined,
        }),
      ),
    );

  it('writes the percent as a French and a Spanish reader do', async () => {
    await i18n.changeLanguage('fr');
    try {
      expect(card(course({}))).toContain('data-testid="course-progress">50\u00a0%<');
      await i18n.changeLanguage('es');
      expect(card(course({ progress: 100 }))).toContain(
        'data-testid="course-progress">100\u00a0%<',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
    expect(card(course({}))).toContain('data-testid="course-progress">50%<');
  });
});
