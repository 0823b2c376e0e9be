import type { Course, CoursePage } from '@hub/proto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ConflictNotice } from '../evaluations/ConflictNotice';
import { i18n } from '../i18n/i18n';
import { courseInPages } from './queries';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const render = (reloading: boolean) =>
  renderToStaticMarkup(
    createElement(ConflictNotice, { subject: 'course', onReload: () => {}, reloading }),
  );

describe('a course save refused because someone else saved the course (409 course_changed)', () => {
  it("says so in the course's words, keeps the draft and offers the latest version", () => {
    const html = render(false);
    expect(html).toContain(
      'This course was changed by someone else. Reload to see the latest version.',
    );
    expect(html).not.toContain('evaluation');
    expect(html).toContain('Your unsaved changes stay on this page until you reload');
    expect(html).toContain('data-testid="course-reload"');
    expect(html).toContain('Reload latest version');
  });

  it("reads in the reader's language", async () => {
    await i18n.changeLanguage('es');
    expect(render(true)).toContain('Otra persona cambió este curso.');
  });

  it('reloads the version the list now holds, none once the course was deleted', () => {
    const latest = { id: 3, updatedAt: '2026-12-05T11:00:00.000Z' } as Course;
    const page = (courses: Course[]): CoursePage => ({ courses, totalCount: 2, nextCursor: 'x' });
    const data = {
      pages: [page([{ id: 1 } as Course]), page([latest])],
      pageParams: [undefined, 'x'],
    };
    expect(courseInPages(data, 3)).toBe(latest);
    expect(courseInPages(data, 4)).toBeNull();
    expect(courseInPages(undefined, 3)).toBeNull();
  });
});
