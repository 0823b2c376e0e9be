import { UNCATEGORIZED } from '@hub/proto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { aCertification } from './certification-pages.test-support';
import { CategoriesCard } from './CategoriesCard';
import { CertificationRow } from './CertificationRow';
import { matchesSearch } from './format';

const certification = aCertification({ categories: [UNCATEGORIZED], score: null });

// The language is i18n's state, shared with the files the worker runs next (unit's isolate: false).
afterEach(() => i18n.changeLanguage('en'));

/** A Spanish reader saw 'Uncategorized' on the card and the rows, and could not search for it. */
describe('the category of certifications without one', () => {
  it("is shown in the reader's language on the card and the rows", async () => {
    await i18n.changeLanguage('es');
    const card = renderToStaticMarkup(
      createElement(CategoriesCard, {
        categories: [
          { name: 'Kitchen', count: 2 },
          { name: UNCATEGORIZED, count: 1 },
        ],
      }),
    );
    expect(card).toContain('Sin categoría');
    expect(card).toContain('Kitchen');
    const row = renderToStaticMarkup(createElement(CertificationRow, { certification }));
    expect(row).toContain('Sin categoría');
    expect(`${card}${row}`).not.toContain(UNCATEGORIZED);

    await i18n.changeLanguage('fr');
    expect(renderToStaticMarkup(createElement(CertificationRow, { certification }))).toContain(
      'Sans catégorie',
    );
  });

  it('is found by the word the reader sees', async () => {
    await i18n.changeLanguage('es');
    expect(matchesSearch(certification, 'sin categ')).toBe(true);
    expect(matchesSearch(certification, 'kitchen')).toBe(false);
  });

  it('is found without its accents or capitals, as the server finds it', async () => {
    await i18n.changeLanguage('es');
    expect(matchesSearch(certification, 'SIN CATEGORIA')).toBe(true);
    await i18n.changeLanguage('fr');
    expect(matchesSearch(certification, 'sans categorie')).toBe(true);
  });
});
