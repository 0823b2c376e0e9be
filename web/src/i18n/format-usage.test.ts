// Dates, times and figures go through the formatting module (format.ts), in the user's language,
// zone and date format (issue #46, point 4). A `toLocaleString(` elsewhere formats in whatever
// locale its author wrote, or the browser's, not the user's: this test reads web/src as text and
// fails on one, and on an Intl formatter built outside format.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FORMATTING_MODULE = 'i18n/format.ts';
const LOCALE_CALLS =
  /\.toLocale(String|DateString|TimeString)\(|new Intl\.(DateTimeFormat|NumberFormat|RelativeTimeFormat|ListFormat)\(/;

function sourcesBelow(folder: string): string[] {
  return readdirSync(path.join(SRC, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return sourcesBelow(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

describe('dates and figures are formatted in one module', () => {
  const sources = sourcesBelow('');

  it('finds the sources it checks', () => {
    expect(sources).toContain(FORMATTING_MODULE);
    expect(sources).toContain('dashboard/StatCards.tsx');
  });

  it('has no toLocaleString, toLocaleDateString, toLocaleTimeString or Intl formatter elsewhere', () => {
    const offenders = sources.filter(
      (file) =>
        file !== FORMATTING_MODULE &&
        readFileSync(path.join(SRC, file), 'utf8')
          .split('\n')
          .some((line) => !/^\s*(\/\/|\*|\/\*)/.test(line) && LOCALE_CALLS.test(line)),
    );
    expect(offenders, 'format these through web/src/i18n/format.ts').toEqual([]);
  });

  it('would catch one', () => {
    expect(LOCALE_CALLS.test("value.toLocaleString('en')")).toBe(true);
    expect(LOCALE_CALLS.test("new Date(at).toLocaleDateString('en-US')")).toBe(true);
    expect(LOCALE_CALLS.test("new Intl.NumberFormat('en')")).toBe(true);
  });
});
