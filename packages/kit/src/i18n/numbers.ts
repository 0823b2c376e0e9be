import type { Language } from '@hub/proto';

/**
 * Figures in the reader's digits, as the web app writes them (its `formatNumber` and
 * `formatPercent`, Intl's too), so a CSV or a notice reads as the page does: one formatter a
 * language, kept, since a sweep or an export writes thousands of figures.
 */
const decimalFormats = new Map<Language, Intl.NumberFormat>();
const percentFormats = new Map<Language, Intl.NumberFormat>();

function formatOf(
  formats: Map<Language, Intl.NumberFormat>,
  language: Language,
  options: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: 1, ...options });
    formats.set(language, format);
  }
  return format;
}

/** A figure, grouped, one decimal at most: 12345.6 -> '12,345.6' / '12.345,6' / '12 345,6'. */
export function decimal(value: number, language: Language): string {
  return formatOf(decimalFormats, language, {}).format(value);
}

/** A percentage given as 0-100, one decimal at most: 61.5 -> '61.5%' / '61,5 %' (no-break space). */
export function percent(value: number, language: Language): string {
  return formatOf(percentFormats, language, { style: 'percent' }).format(value / 100);
}

/** The mark between a figure's units and its decimals: '.' in English, ',' in Spanish and French. */
export function decimalSeparator(language: Language): string {
  const parts = formatOf(decimalFormats, language, {}).formatToParts(0.5);
  return parts.find((part) => part.type === 'decimal')?.value ?? '.';
}
