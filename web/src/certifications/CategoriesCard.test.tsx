import { type Certification, UNCATEGORIZED } from '@hub/proto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { CategoriesCard } from './CategoriesCard';
import { CertificationRow } from './CertificationRow';
import { matchesSearch } from './format';

const certification: Certification = {
  id: 1,
  userId: 2,
  holderName: 'Otto Operator',
  kind: 'sop',
  subjectId: 3,
  title: 'Cooling cooked food',
  categories: [UNCATEGORIZED],
  score: null,
  issuedAt: '2026-01-31T10:00:00.000Z',
  expiresAt: '2027-01-31T10:00:00.000Z',
  validityMonths: 12,
  state: 'active',
  verificationCode: 'ABCD-EFGH-JKMN',
  revokedAt: null,
  revokedReason: null,
  reobservation: null,
};

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
});
