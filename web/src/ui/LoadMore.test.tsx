import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { LoadMore } from './LoadMore';

const render = (noun: 'users' | 'entries') =>
  renderToStaticMarkup(
    createElement(LoadMore, {
      noun,
      shown: 50,
      total: 600,
      hasMore: true,
      loading: false,
      onLoadMore: () => undefined,
    }),
  );

describe('load more', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it("counts the list in the reader's language, its noun included", async () => {
    expect(render('users')).toContain('Showing 50 of 600 users');
    await i18n.changeLanguage('es');
    expect(render('users')).toContain('50 de 600 usuarios');
    await i18n.changeLanguage('fr');
    expect(render('entries')).toContain('50 sur 600 entrées');
  });
});
