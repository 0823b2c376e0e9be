/** Zones offered when the runtime cannot list its own (older browsers). */
const FALLBACK_ZONES = [
  'UTC',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Paris',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Australia/Sydney',
];

/** Every zone the browser knows, 'UTC' first, with the saved one kept even if unlisted. */
export function timeZoneChoices(saved: string | null): string[] {
  const listed =
    typeof Intl.supportedValuesOf === 'function'
      ? Intl.supportedValuesOf('timeZone')
      : FALLBACK_ZONES;
  const zones = ['UTC', ...listed.filter((zone) => zone !== 'UTC')];
  return saved && !zones.includes(saved) ? [saved, ...zones] : zones;
}
