/** CSV text as RFC 4180 reads it, safe to open in a spreadsheet: every CSV the product writes. */

export type CsvValue = string | number | boolean | null;

/**
 * A cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR at the start) gets a
 * leading apostrophe: names and notes come from users. Numbers are written as they are.
 */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
