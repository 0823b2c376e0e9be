/** The request header the web app names its device's time zone in (the gateway reads it). */
export const TIME_ZONE_HEADER = 'X-Time-Zone';

/**
 * The IANA zone this device is set to, which the app dates everything in when the person chose no
 * zone: the server remembers it to date what it writes them (notices, mails) alike. Undefined
 * when the runtime names none.
 */
export function deviceTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}
