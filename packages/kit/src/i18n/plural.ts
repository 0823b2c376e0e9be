import type { Language } from '@hub/proto';

/**
 * "1 page" / "3 pages" by the language's own rule (French says "0 page", Spanish "0 páginas").
 * The catalogs of es and fr count with this; the English one keeps its "page(s)" wording.
 */
export const counted =
  (language: Language) =>
  (n: number, one: string, other: string): string =>
    `${n} ${new Intl.PluralRules(language).select(n) === 'one' ? one : other}`;
