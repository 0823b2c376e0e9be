import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type Actor, DEFAULT_PREFERENCES, UserPreferences } from '@hub/proto';
import { UserPreferencesEntity } from './user-preferences.entity.js';

/** Each user's reading preferences, stored on the server so they follow them to any device. */
@Injectable()
export class PreferencesService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async get(actor: Actor): Promise<UserPreferences> {
    const row = await this.db
      .getRepository(UserPreferencesEntity)
      .findOneBy({ userId: actor.userId });
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
    await this.db.getRepository(UserPreferencesEntity).upsert(
      {
        userId: actor.userId,
        language: preferences.language,
        timeZone: preferences.timeZone,
        dateFormat: preferences.dateFormat,
        theme: preferences.theme,
      },
      ['userId'],
    );
    return this.get(actor);
  }
}
