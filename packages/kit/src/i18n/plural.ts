import type { Language } from '@hub/proto';
import { decimal } from './numbers.js';

/**
 * "1 page" / "3 pages" by the language's own rule (French says "0 page", Spanish "0 páginas").
 * The catalogs of es and fr count with this; the English one keeps its "page(s)" wording. The
 * count is in the language's digits ('1 234 pages', '12.345 páginas'), as the web app's.
 */
export const counted =
  (language: Language) =>
  (n: number, one: string, other: string): string =>
    `${decimal(n, language)} ${new Intl.PluralRules(language).select(n) === 'one' ? one : other}`;
