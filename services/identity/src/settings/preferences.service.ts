import { Inject, Injectable } from '@nestjs/common';
import { type Actor, DEFAULT_PREFERENCES, UserPreferences } from '@hub/proto';
import { SettingsRepository } from './settings.repository.js';

/** Each user's reading preferences, stored on the server so they follow them to any device. */
@Injectable()
export class PreferencesService {
  constructor(@Inject(SettingsRepository) private readonly settings: SettingsRepository) {}

  async get(actor: Actor): Promise<UserPreferences> {
    const row = await this.settings.findPreferences(actor.userId);
    if (!row) return DEFAULT_PREFERENCES;
    // Parsed on the way out: a value stored by an older release that is no longer offered
    // (say, a time zone the runtime dropped) falls back to the default rather than failing.
    const parsed = UserPreferences.safeParse({
      language: row.language,
      timeZone: row.timeZone,
      dateFormat: row.dateFormat,
      theme: row.theme,
    });
    return parsed.success ? parsed.data : DEFAULT_PREFERENCES;
  }

  async update(actor: Actor, preferences: UserPreferences): Promise<UserPreferences> {
    await this.settings.savePreferences(actor.userId, preferences);
    return this.get(actor);
  }
}
