import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type Actor,
  acceptedLanguageTags,
  chooseLanguage,
  DATE_FORMATS,
  type DateFormat,
  DEFAULT_PREFERENCES,
  isTimeZone,
  type Language,
  LanguageCode,
  type OrganizationSettings,
  type OrganizationSettingsChange,
  type SavedPreferences,
  UserPreferences,
} from '@hub/proto';
import type { Reader } from '@hub/kit';
import { type LanguageRow, SettingsRepository } from './settings.repository.js';

/** A person the server writes to, by id. */
export interface IdentifiedReader extends Reader {
  userId: number;
}

/** A stored language the product no longer speaks reads as none chosen. */
const languageOrNull = (stored: string | null | undefined): Language | null =>
  LanguageCode.safeParse(stored).data ?? null;

/** Likewise a date format no longer offered: the language's order, not every default at once. */
const dateFormatOrNull = (stored: string | null): DateFormat | null =>
  DATE_FORMATS.find((format) => format === stored) ?? null;

/** A stored zone the runtime no longer knows reads as none set. */
const timeZoneOrNull = (stored: string | null): string | null =>
  stored !== null && isTimeZone(stored) ? stored : null;

/**
 * The zone a person's dates are written in outside their app: theirs, else their device's as last
 * known (what their app shows when none is chosen), else their organization's default (someone
 * invited who never signed in), else UTC. A zone the runtime dropped reads as none.
 */
const timeZoneOf = (row: LanguageRow): string =>
  timeZoneOrNull(row.time_zone) ??
  timeZoneOrNull(row.browser_time_zone) ??
  timeZoneOrNull(row.default_time_zone) ??
  'UTC';

/**
 * The runtime's name of a zone it knows (its canonical spelling, so a device naming the same zone
 * differently costs no write), else null: a zone it cannot write dates in is no use remembered.
 */
const knownTimeZone = (zone: string): string | null => {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
};

/** The browser language last remembered, as `chooseLanguage` takes a browser's. */
const rememberedBrowser = (row: LanguageRow): string[] => {
  const remembered = languageOrNull(row.browser_language);
  return remembered ? [remembered] : [];
};

/**
 * Each user's reading preferences, stored on the server so they follow them to any device, and
 * the organization's default language, which a member who chose none reads in.
 */
@Injectable()
export class PreferencesService {
  private readonly logger = new Logger('Preferences');

  constructor(@Inject(SettingsRepository) private readonly settings: SettingsRepository) {}

  async get(actor: Actor): Promise<SavedPreferences> {
    const [row, organization] = await Promise.all([
      this.settings.findPreferences(actor.userId),
      this.settings.findOrganizationDefaults(actor.organizationId),
    ]);
    const preferences = row
      ? // Parsed on the way out: a value stored by an older release that is no longer offered
        // (say, a time zone the runtime dropped) falls back to the default rather than failing.
        (UserPreferences.safeParse({
          language: languageOrNull(row.language),
          timeZone: row.timeZone,
          dateFormat: dateFormatOrNull(row.dateFormat),
          theme: row.theme,
        }).data ?? DEFAULT_PREFERENCES)
      : DEFAULT_PREFERENCES;
    return { ...preferences, organizationLanguage: languageOrNull(organization.defaultLanguage) };
  }

  async update(actor: Actor, preferences: UserPreferences): Promise<SavedPreferences> {
    await this.settings.savePreferences(actor.userId, preferences);
    return this.get(actor);
  }

  async organization(actor: Actor): Promise<OrganizationSettings> {
    const stored = await this.settings.findOrganizationDefaults(actor.organizationId);
    return {
      defaultLanguage: languageOrNull(stored.defaultLanguage),
      defaultTimeZone: timeZoneOrNull(stored.defaultTimeZone),
    };
  }

  async updateOrganization(
    actor: Actor,
    settings: OrganizationSettingsChange,
  ): Promise<OrganizationSettings> {
    await this.settings.saveOrganizationDefaults(actor.organizationId, settings);
    return this.organization(actor);
  }

  /**
   * Remembers the product language the browser of a person signing in, or using their session,
   * reads (`Accept-Language`), for the texts written to them later, outside any request of
   * theirs. A request without one (an API client) leaves what is known. `known`, the language
   * already remembered when the caller read it anyway, spares the write's round trip when equal.
   */
  async rememberBrowser(
    userId: number,
    acceptLanguage: string | undefined,
    known?: string | null,
  ): Promise<void> {
    const tags = acceptedLanguageTags(acceptLanguage);
    if (!tags.length) return;
    // The browser's part of the rule alone: what the web app shows this browser when nothing
    // is chosen (English when it asks for no language the product speaks).
    const language = chooseLanguage(null, null, tags);
    if (language === known) return;
    // A failure to note it never fails the sign-in or the request it comes with.
    await this.settings
      .saveBrowserLanguage(userId, language)
      .catch((error: unknown) =>
        this.logger.warn(`browser language of user ${userId} not kept: ${String(error)}`),
      );
  }

  /**
   * Remembers the IANA time zone the device of a person signing in, or using their session, is set
   * to (the web app's `X-Time-Zone`), for the dates written to them later when they chose no zone.
   * A request naming none (an API client) or one the runtime does not know leaves what is known.
   * `known`, the zone already remembered when the caller read it anyway, spares the round trip.
   */
  async rememberTimeZone(
    userId: number,
    timeZone: string | undefined,
    known?: string | null,
  ): Promise<void> {
    const zone = timeZone === undefined ? null : knownTimeZone(timeZone);
    if (zone === null || zone === known) return;
    // A failure to note it never fails the sign-in or the request it comes with.
    await this.settings
      .saveBrowserTimeZone(userId, zone)
      .catch((error: unknown) =>
        this.logger.warn(`device time zone of user ${userId} not kept: ${String(error)}`),
      );
  }

  /**
   * The language to write to each person in: their choice, else their organization's default,
   * else their browser's (`acceptLanguage` when the request that causes the text came from one,
   * else the one remembered as they last signed in or used their session), else English. Unknown
   * ids are left out. With the zone to date it in, as `readersOf`.
   */
  languagesOf(userIds: number[], acceptLanguage?: string): Promise<IdentifiedReader[]> {
    return this.readersOf(userIds, acceptLanguage);
  }

  /**
   * Each person as the server writes to them: `languagesOf`'s language and the time zone their
   * dates fall in (`timeZoneOf`), read in one query. Unknown ids are left out.
   */
  async readersOf(userIds: number[], acceptLanguage?: string): Promise<IdentifiedReader[]> {
    if (!userIds.length) return [];
    const browser = acceptedLanguageTags(acceptLanguage);
    const rows = await this.settings.languagesOf([...new Set(userIds)]);
    return rows.map((row) => ({
      userId: row.user_id,
      language: chooseLanguage(
        languageOrNull(row.language),
        languageOrNull(row.default_language),
        browser.length ? browser : rememberedBrowser(row),
      ),
      timeZone: timeZoneOf(row),
    }));
  }

  async languageOf(userId: number, acceptLanguage?: string): Promise<Language> {
    const [found] = await this.languagesOf([userId], acceptLanguage);
    return found?.language ?? chooseLanguage(null, null, acceptedLanguageTags(acceptLanguage));
  }
}
