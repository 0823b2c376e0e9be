import { ERROR_TEXTS } from './error-codes.js';
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

export const SESSION_NOT_FOUND = ERROR_TEXTS.session_not_found;
export const CURRENT_SESSION_NOT_ENDED = 'To end this session, sign out.';

export const LANGUAGES = ['en', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LanguageCode = z.enum(LANGUAGES, { error: 'Unknown language' });
/** Each language named in itself: whoever cannot read the current one still finds theirs. */
export const LANGUAGE_LABELS: Record<(typeof LANGUAGES)[number], string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
};
export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
/**
 * The order each language writes a day in, for whoever chose no date format: a Spanish or
 * French reader takes '03/04/2026' for 3 April, so US order only for English.
 */
export const LANGUAGE_DATE_FORMATS: Record<Language, DateFormat> = {
  en: 'MM/DD/YYYY',
  es: 'DD/MM/YYYY',
  fr: 'DD/MM/YYYY',
};

/** The date format a person reads in: their own choice, else the order of the language shown. */
export function chooseDateFormat(
  preference: DateFormat | null | undefined,
  language: Language,
): DateFormat {
  return preference ?? LANGUAGE_DATE_FORMATS[language];
}

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

/** An IANA zone name the runtime knows ('Europe/Paris', 'UTC'). */
export const TimeZoneName = z.string().max(64).refine(isTimeZone, { error: 'Unknown time zone' });

/**
 * How a user reads the product. `timeZone` null means the zone of the device in use, which is
 * what dates showed before preferences existed.
 */
export const UserPreferences = z.object({
  /**
   * null: no choice made, so the organization's default applies, else the browser's languages
   * (`navigator.languages` in the web app, `Accept-Language` on the server), else English.
   */
  language: LanguageCode.nullable(),
  timeZone: TimeZoneName.nullable(),
  /** null: no choice made, so dates follow the order of the language shown (`chooseDateFormat`). */
  dateFormat: z.enum(DATE_FORMATS, { error: 'Unknown date format' }).nullable(),
  theme: z.enum(THEME_PREFERENCES, { error: 'Unknown theme' }),
});
export type UserPreferences = z.infer<typeof UserPreferences>;

export const DEFAULT_PREFERENCES: UserPreferences = {
  language: null,
  timeZone: null,
  dateFormat: null,
  theme: 'system',
};

/** The preferences as read back: with the organization's default, which a null language follows. */
export const SavedPreferences = UserPreferences.extend({
  organizationLanguage: LanguageCode.nullable(),
});
export type SavedPreferences = z.infer<typeof SavedPreferences>;

/** What an organization's administrators set for all its members. */
export const OrganizationSettings = z.object({
  /** The language of members who chose none; null: each follows their browser. */
  defaultLanguage: LanguageCode.nullable(),
  /**
   * The zone the server dates mails, notices and certificates in for members who chose none and
   * whose device's zone is not known (an invited person before they sign in); null: UTC.
   */
  defaultTimeZone: TimeZoneName.nullable(),
});
export type OrganizationSettings = z.infer<typeof OrganizationSettings>;

/**
 * A change of the organization's settings: a body without `defaultTimeZone` (a client written
 * before it existed) keeps the one saved.
 */
export const OrganizationSettingsChange = OrganizationSettings.partial({ defaultTimeZone: true });
export type OrganizationSettingsChange = z.infer<typeof OrganizationSettingsChange>;

/**
 * The query parameter of a link the product mails (an invitation, an email confirmation) that
 * names the language its mail was written in: the page it opens reads in it, before anyone is
 * signed in and whatever the browser that opens it asks for.
 */
export const LINK_LANGUAGE_PARAM = 'lang';

/** 'fr-FR' -> 'fr' when offered; null for a language the product does not speak. */
export function supportedLanguage(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((language) => language === primary) ?? null;
}

/**
 * An `Accept-Language` header's tags, most wanted first ('fr-CA,fr;q=0.9,en;q=0.8' ->
 * ['fr-CA', 'fr', 'en']); tags refused with q=0 and '*' are left out.
 */
export function acceptedLanguageTags(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ tag, weight }) => tag && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}

/**
 * The language to write in for a person, the same rule in the web app and on the server: their
 * own choice, else their organization's default, else the first of their browser's languages
 * the product speaks, else English.
 */
export function chooseLanguage(
  preference: Language | null | undefined,
  organizationDefault: Language | null | undefined,
  browserLanguages: readonly string[],
): Language {
  if (preference) return preference;
  if (organizationDefault) return organizationDefault;
  for (const tag of browserLanguages) {
    const language = supportedLanguage(tag);
    if (language) return language;
  }
  return 'en';
}
