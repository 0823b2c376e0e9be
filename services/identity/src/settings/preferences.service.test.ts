import { describe, expect, it } from 'vitest';
import { PreferencesService } from './preferences.service.js';
import type { LanguageRow, SettingsRepository } from './settings.repository.js';

/** The service over a repository that records the browser languages it is asked to save. */
function preferencesSaving(save: (userId: number, language: string) => Promise<void>) {
  const saved: [number, string][] = [];
  const settings = {
    saveBrowserLanguage: async (userId: number, language: string) => {
      saved.push([userId, language]);
      await save(userId, language);
    },
  } as unknown as SettingsRepository;
  return { preferences: new PreferencesService(settings), saved };
}

describe("remembering a browser's language", () => {
  it('asks the database nothing when the language is already known', async () => {
    const { preferences, saved } = preferencesSaving(async () => undefined);
    await preferences.rememberBrowser(7, 'fr-FR,fr;q=0.9', 'fr');
    await preferences.rememberBrowser(7, '*', 'es');
    await preferences.rememberBrowser(7, undefined, 'es');
    expect(saved).toEqual([]);

    await preferences.rememberBrowser(7, 'fr-FR,fr;q=0.9', 'es');
    await preferences.rememberBrowser(8, 'es-MX', null);
    expect(saved).toEqual([
      [7, 'fr'],
      [8, 'es'],
    ]);
  });

  it('never fails what it comes with when the database refuses it', async () => {
    const { preferences, saved } = preferencesSaving(async () => {
      throw new Error('connection lost');
    });
    await expect(preferences.rememberBrowser(7, 'fr-FR')).resolves.toBeUndefined();
    expect(saved).toEqual([[7, 'fr']]);
  });
});

/** The service over a repository that records the device zones it is asked to save. */
function preferencesSavingZones(save: () => Promise<void> = async () => undefined) {
  const saved: [number, string][] = [];
  const settings = {
    saveBrowserTimeZone: async (userId: number, timeZone: string) => {
      saved.push([userId, timeZone]);
      await save();
    },
  } as unknown as SettingsRepository;
  return { preferences: new PreferencesService(settings), saved };
}

describe("remembering a device's time zone", () => {
  it('keeps a zone the runtime knows, in its spelling, and asks nothing when known', async () => {
    const { preferences, saved } = preferencesSavingZones();
    await preferences.rememberTimeZone(7, 'America/Los_Angeles', 'America/Los_Angeles');
    await preferences.rememberTimeZone(7, 'america/los_angeles', 'America/Los_Angeles');
    expect(saved).toEqual([]);

    await preferences.rememberTimeZone(7, 'Europe/Paris', 'America/Los_Angeles');
    await preferences.rememberTimeZone(8, 'asia/tokyo', null);
    await preferences.rememberTimeZone(9, 'UTC');
    expect(saved).toEqual([
      [7, 'Europe/Paris'],
      [8, 'Asia/Tokyo'],
      [9, 'UTC'],
    ]);
  });

  it('leaves what is known when the request names no zone, or one the runtime lacks', async () => {
    const { preferences, saved } = preferencesSavingZones();
    for (const zone of [undefined, '', 'Mars/Olympus_Mons', 'Europe/Paris; DROP TABLE users']) {
      await preferences.rememberTimeZone(7, zone, 'America/Los_Angeles');
      await preferences.rememberTimeZone(8, zone);
    }
    expect(saved).toEqual([]);
  });

  it('never fails what it comes with when the database refuses it', async () => {
    const { preferences, saved } = preferencesSavingZones(async () => {
      throw new Error('connection lost');
    });
    await expect(preferences.rememberTimeZone(7, 'Europe/Paris')).resolves.toBeUndefined();
    expect(saved).toEqual([[7, 'Europe/Paris']]);
  });
});

/** A reader's row: their chosen zone, their device's, their organization's default. */
const zoneRow = (
  user_id: number,
  language: string,
  [time_zone = null, browser_time_zone = null, default_time_zone = null]: (string | null)[],
): LanguageRow => ({
  user_id,
  language,
  default_language: null,
  browser_language: null,
  time_zone,
  browser_time_zone,
  default_time_zone,
});

/** The readers the service makes of these rows, as the database would answer them. */
const readersOf = (rows: LanguageRow[]) =>
  new PreferencesService({
    languagesOf: async () => rows,
  } as unknown as SettingsRepository).readersOf(rows.map((row) => row.user_id));

describe('the readers the server writes to', () => {
  it("date their texts in the zone each chose, else UTC, and a zone no longer known as UTC's", async () => {
    const rows = [
      zoneRow(1, 'fr', ['America/Los_Angeles']),
      zoneRow(2, 'fr', [null]),
      zoneRow(3, 'fr', ['Mars/Olympus_Mons']),
    ];
    expect(await readersOf(rows)).toEqual([
      { userId: 1, language: 'fr', timeZone: 'America/Los_Angeles' },
      { userId: 2, language: 'fr', timeZone: 'UTC' },
      { userId: 3, language: 'fr', timeZone: 'UTC' },
    ]);
  });

  it("date them in their device's zone when they chose none, as their app shows", async () => {
    const rows = [
      zoneRow(1, 'en', [null, 'America/Los_Angeles']),
      zoneRow(2, 'en', ['Europe/Paris', 'America/Los_Angeles']),
      zoneRow(3, 'en', ['Mars/Olympus_Mons', 'Asia/Tokyo']),
      zoneRow(4, 'en', [null, 'Mars/Olympus_Mons']),
    ];
    expect(await readersOf(rows)).toEqual([
      { userId: 1, language: 'en', timeZone: 'America/Los_Angeles' },
      { userId: 2, language: 'en', timeZone: 'Europe/Paris' },
      // A chosen zone the runtime dropped reads as none, as in their app.
      { userId: 3, language: 'en', timeZone: 'Asia/Tokyo' },
      { userId: 4, language: 'en', timeZone: 'UTC' },
    ]);
  });

  it("date them in their organization's zone when neither they nor their device say one", async () => {
    const rows = [
      zoneRow(1, 'en', [null, null, 'America/Los_Angeles']),
      zoneRow(2, 'en', ['Europe/Paris', null, 'America/Los_Angeles']),
      zoneRow(3, 'en', [null, 'Asia/Tokyo', 'America/Los_Angeles']),
      zoneRow(4, 'en', [null, null, 'Mars/Olympus_Mons']),
    ];
    expect(await readersOf(rows)).toEqual([
      // Someone invited, who never signed in.
      { userId: 1, language: 'en', timeZone: 'America/Los_Angeles' },
      { userId: 2, language: 'en', timeZone: 'Europe/Paris' },
      { userId: 3, language: 'en', timeZone: 'Asia/Tokyo' },
      { userId: 4, language: 'en', timeZone: 'UTC' },
    ]);
  });
});
