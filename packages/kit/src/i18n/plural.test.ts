import { describe, expect, it } from 'vitest';
import { counted } from './plural.js';

/**
 * The Spanish and French notices counted '12345 páginas' and '1234 pages': the digits ungrouped,
 * where the web app's figures read '12.345' and '1 234'.
 */
describe("a count in the reader's digits", () => {
  it('groups the digits of a French count with a narrow no-break space', () => {
    expect(counted('fr')(1234, 'page', 'pages')).toBe('1\u202f234 pages');
    expect(counted('fr')(1, 'page', 'pages')).toBe('1 page');
  });

  it('groups the digits of a Spanish count with a dot from five digits, as the web app does', () => {
    expect(counted('es')(12345, 'página', 'páginas')).toBe('12.345 páginas');
    expect(counted('es')(1234, 'página', 'páginas')).toBe('1234 páginas');
    expect(counted('es')(1, 'página', 'páginas')).toBe('1 página');
  });
});
