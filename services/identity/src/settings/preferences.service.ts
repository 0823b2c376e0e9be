import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  acceptedLanguageTags,
  chooseLanguage,
  DATE_FORMATS,
  type DateFormat,
  DEFAULT_PREFERENCES,
  type Language,
  LanguageCode,
  type OrganizationSettings,
  type SavedPreferences,
  UserPreferences,
} from '@hub/proto';
import { SettingsRepository } from './settings.repository.js';

/** A stored language the product no longer speaks reads as none chosen. */
const languageOrNull = (stored: string | null | undefined): Language | null =>
  LanguageCode.safeParse(stored).data ?? null;

/** Likewise a date format no longer offered: the language's order, not every default at once. */
const dateFormatOrNull = (stored: string | null): DateFormat | null =>
  DATE_FORMATS.find((format) => format === stored) ?? null;

/**
 * Each user's reading preferences, stored on the server so they follow them to any device, and
 * the organization's default language, which a member who chose none reads in.
 */
@Injectable()
export class PreferencesService {
  constructor(@Inject(SettingsRepository) private readonly settings: SettingsRepository) {}

  async get(actor: Actor): Promise<SavedPreferences> {
    const [row, organizationLanguage] = await Promise.all([
      this.settings.findPreferences(actor.userId),
      this.settings.findOrganizationLanguage(actor.organizationId),
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
    return { ...preferences, organizationLanguage: languageOrNull(organizationLanguage) };
  }

  async update(actor: Actor, preferences: UserPreferences): Promise<SavedPreferences> {
    await this.settings.savePreferences(actor.userId, preferences);
    return this.get(actor);
  }

  async organization(actor: Actor): Promise<OrganizationSettings> {
    const stored = await this.settings.findOrganizationLanguage(actor.organizationId);
    return { defaultLanguage: languageOrNull(stored) };
  }

  async updateOrganization(
    actor: Actor,
    settings: OrganizationSettings,
  ): Promise<OrganizationSettings> {
    await this.settings.saveOrganizationLanguage(actor.organizationId, settings.defaultLanguage);
    return this.organization(actor);
  }

  /**
   * The language to write to each person in: their choice, else their organization's default,
   * else the browser's (`acceptLanguage`, when the request that causes the text came from one),
   * else English. Unknown ids are left out.
   */
  async languagesOf(
    userIds: number[],
    acceptLanguage?: string,
  ): Promise<{ userId: number; language: Language }[]> {
    if (!userIds.length) return [];
    const browser = acceptedLanguageTags(acceptLanguage);
    const rows = await this.settings.languagesOf([...new Set(userIds)]);
    return rows.map((row) => ({
      userId: row.user_id,
      language: chooseLanguage(
        languageOrNull(row.language),
        languageOrNull(row.default_language),
        browser,
      ),
    }));
  }

  async languageOf(userId: number, acceptLanguage?: string): Promise<Language> {
    const [found] = await this.languagesOf([userId], acceptLanguage);
    return found?.language ?? chooseLanguage(null, null, acceptedLanguageTags(acceptLanguage));
  }
}
