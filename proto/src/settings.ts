import { z } from 'zod';

/** One live session of the signed-in user, as the Security settings list it. */
export const UserSession = z.object({
  id: z.string(),
  /** The browser's user agent as it signed in ('' when it sent none). */
  device: z.string(),
  ip: z.string(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof UserSession>;

export const UserSessions = z.object({
  sessions: z.array(UserSession),
  /** When the password was last changed; null when no change was recorded. */
  passwordChangedAt: z.string().nullable(),
});
export type UserSessions = z.infer<typeof UserSessions>;

export const SessionIdParams = z.object({
  id: z.uuid({ error: 'Unknown session' }).max(36),
});
export type SessionIdParams = z.infer<typeof SessionIdParams>;

export const SESSION_NOT_FOUND = 'This session was not found or has already ended.';
export const CURRENT_SESSION_NOT_ENDED = 'To end this session, sign out.';

export const LANGUAGES = ['en', 'es', 'fr'] as const;
/** Each language named in itself: whoever cannot read the current one still finds theirs. */
export const LANGUAGE_LABELS: Record<(typeof LANGUAGES)[number], string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
};
export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;

/** A zone name the runtime knows (IANA, e.g. 'Europe/Paris', or 'UTC'). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * How a user reads the product. `timeZone` null means the zone of the device in use, which is
 * what dates showed before preferences existed.
 */
export const UserPreferences = z.object({
  language: z.enum(LANGUAGES, { error: 'Unknown language' }),
  timeZone: z.string().max(64).refine(isTimeZone, { error: 'Unknown time zone' }).nullable(),
  dateFormat: z.enum(DATE_FORMATS, { error: 'Unknown date format' }),
  theme: z.enum(THEME_PREFERENCES, { error: 'Unknown theme' }),
});
export type UserPreferences = z.infer<typeof UserPreferences>;

export const DEFAULT_PREFERENCES: UserPreferences = {
  language: 'en',
  timeZone: null,
  dateFormat: 'MM/DD/YYYY',
  theme: 'system',
};
