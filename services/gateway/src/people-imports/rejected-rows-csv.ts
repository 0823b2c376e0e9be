import { csvLine, type Language, PEOPLE_IMPORT_NUMBER_PARTS, type RefusedRow } from '@hub/proto';
import { messages } from '@hub/kit';

/** Rows of the rejected-rows report asked of identity at a time. */
export const REPORT_PAGE = 2000;

/** One number formatter a language: a report of 100,000 rows would build one a row. */
const numberFormats = new Map<Language, Intl.NumberFormat>();
function numberFormat(language: Language): Intl.NumberFormat {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language);
    numberFormats.set(language, format);
  }
  return format;
}

/**
 * A refused row's reason in `language`: its code's sentence with the parts the row filled in,
 * numbers grouped as the language groups them. English, and a reason without a code, as stored.
 */
export function reportReason(row: RefusedRow, language: Language): string {
  if (language === 'en' || !row.code) return row.reason;
  const digits = numberFormat(language);
  return messages(language).peopleImport.reasons[row.code].replace(
    /\{(\w+)\}/g,
    (whole, name: string) => {
      const part = row.params?.[name];
      if (part === undefined) return whole;
      return PEOPLE_IMPORT_NUMBER_PARTS.has(name) && /^\d+$/.test(part)
        ? digits.format(Number(part))
        : part;
    },
  );
}

/**
 * Before the header: Excel, which an administrator opens the report with, reads a CSV without it
 * in the system's code page ("dirección" would show as "direcciÃ³n"), as the insights export knows.
 */
const UTF8_BOM = '\uFEFF';

/** The rows not imported, read from identity a page at a time, as CSV lines in `language`. */
export async function* rejectedLines(
  page: (afterRow: number) => Promise<RefusedRow[]>,
  language: Language,
): AsyncGenerator<string> {
  const { row, email, reason } = messages(language).peopleImport.columns;
  yield UTF8_BOM + csvLine([row, email, reason]);
  for (let afterRow = 0; ;) {
    const rows = await page(afterRow);
    for (const row of rows) yield csvLine([row.row, row.email, reportReason(row, language)]);
    if (rows.length < REPORT_PAGE) return;
    afterRow = rows[rows.length - 1]!.row;
  }
}
