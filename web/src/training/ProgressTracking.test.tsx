import type { Course } from '@hub/proto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { ProgressTracking } from './ProgressTracking';

const course = (id: number, status: Course['status'], progress: number): Course => ({
  id,
  title: `Course ${id}`,
  description: '',
  category: 'Food',
  duration: '1 h',
  difficulty: 'Beginner',
  status,
  progress,
  changedSinceCompletion: false,
  enrolled: 1,
  rating: null,
  ratingCount: 0,
  myRating: null,
  sops: [],
  enrolledAt: '2026-11-01T00:00:00Z',
  dueDate: null,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
});

const render = () =>
  renderToStaticMarkup(
    createElement(ProgressTracking, {
      courses: [
        course(1, 'completed', 100),
        course(2, 'in_progress', 40),
        course(3, 'not_started', 0),
      ],
    }),
  );

/** The overall and each course's progress read '33%' and '40%' to a French or Spanish reader. */
describe("the progress tab's percents in the reader's number format", () => {
  it('writes them as a French and a Spanish reader write a percent', async () => {
    await i18n.changeLanguage('fr');
    try {
      const french = render();
      expect(french).toContain('33\u00a0%');
      expect(french).toContain('40\u00a0%');
      expect(french).not.toMatch(/\d%</);
      await i18n.changeLanguage('es');
      expect(render()).toContain('100\u00a0%');
    } finally {
      await i18n.changeLanguage('en');
    }
    expect(render()).toContain('40%');
  });
});
