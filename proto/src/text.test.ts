import { describe, expect, it } from 'vitest';
import { folded, plainLine, plainText } from './text.js';

describe('plain text', () => {
  it('drops bidi overrides, zero-width and control characters', () => {
    expect(plainText('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(plainText('Mixer\u200B clean\u001B[31m\u0007 \uFEFFSOP\u0085')).toBe(
      'Mixer clean[31m SOP',
    );
    expect(plainText('Café – Ölwechsel 東京')).toBe('Café – Ölwechsel 東京');
  });

  it('trims what is left', () => {
    expect(plainLine().min(1).safeParse('\u200B \u202E').success).toBe(false);
    expect(plainLine().parse(' \u2066Line check\u2069 ')).toBe('Line check');
  });
});

describe('folded text', () => {
  it('compares without capitals or accents, in every language the product speaks', () => {
    expect(folded('Sin categoría')).toBe(folded('SIN CATEGORIA'));
    expect(folded('Sans Catégorie')).toBe('sans categorie');
    expect(folded('Prénom')).toBe('prenom');
  });
});
