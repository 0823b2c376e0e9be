/** Pure rules behind percent figures and their changes, shared by services and the web app. */

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** Part of whole in percent with one decimal; null when there is no whole. */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? oneDecimal((part / whole) * 100) : null;
}

/** Difference in percentage points between two percent figures; null if either is missing. */
export function pointsChange(now: number | null, before: number | null): number | null {
  return now === null || before === null ? null : oneDecimal(now - before);
}

/**
 * Relative change of a count in whole percent. From nothing to something has no meaningful
 * percentage, so it is null (the page then shows 'new'); nothing to nothing is 0.
 */
export function countChange(now: number, before: number): number | null {
  if (before === 0) return now === 0 ? 0 : null;
  return Math.round(((now - before) / before) * 100);
}
