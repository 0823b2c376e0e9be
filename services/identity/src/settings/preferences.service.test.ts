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

describe('the readers the server writes to', () => {
  it("date their texts in the zone each chose, else UTC, and a zone no longer known as UTC's", async () => {
    const row = (user_id: number, time_zone: string | null): LanguageRow => ({
      user_id,
      language: 'fr',
      default_language: null,
      browser_language: null,
      time_zone,
    });
    const settings = {
      languagesOf: async () => [
        row(1, 'America/Los_Angeles'),
        row(2, null),
        row(3, 'Mars/Olympus_Mons'),
      ],
    } as unknown as SettingsRepository;
    expect(await new PreferencesService(settings).readersOf([1, 2, 3])).toEqual([
      { userId: 1, language: 'fr', timeZone: 'America/Los_Angeles' },
      { userId: 2, language: 'fr', timeZone: 'UTC' },
      { userId: 3, language: 'fr', timeZone: 'UTC' },
    ]);
  });
});
