/**
 * Dates as the tables show them. The formatting itself lives in i18n/format.ts (one module for
 * dates, times and figures, in the user's language, zone and date format); this file keeps the
 * imports the pages already have.
 */
export {
  datePreferences,
  formatDate,
  formatDateIn,
  formatDateTime,
  formatDateTimeIn,
  setDatePreferences,
  type DatePreferences,
} from '../i18n/format';
