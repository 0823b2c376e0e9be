/** The words the formatting module (i18n/format.ts) writes around dates and figures. */
export const format = {
  never: 'Never',
  justNow: 'just now',
  noDataYet: 'No data yet',
} as const;
