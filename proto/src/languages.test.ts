import { describe, expect, it } from 'vitest';
import {
  acceptedLanguageTags,
  chooseLanguage,
  DEFAULT_PREFERENCES,
  UserPreferences,
} from './settings.js';

describe('acceptedLanguageTags', () => {
  it('orders the tags by weight, then as sent, leaving out refused ones and the wildcard', () => {
    expect(acceptedLanguageTags('fr-CA,fr;q=0.9,en;q=0.8')).toEqual(['fr-CA', 'fr', 'en']);
    expect(acceptedLanguageTags('en;q=0.5, es-MX , *;q=0.1, de;q=0')).toEqual(['es-MX', 'en']);
    expect(acceptedLanguageTags('')).toEqual([]);
    expect(acceptedLanguageTags(undefined)).toEqual([]);
  });
});

describe('chooseLanguage', () => {
  it("takes the person's choice, then the organization's default, then the browser's, then English", () => {
    expect(chooseLanguage('es', 'fr', ['en'])).toBe('es');
    expect(chooseLanguage(null, 'fr', ['es-ES'])).toBe('fr');
    expect(chooseLanguage(null, null, acceptedLanguageTags('de-DE,es;q=0.8,fr;q=0.9'))).toBe('fr');
    expect(chooseLanguage(null, null, ['de', 'ja'])).toBe('en');
  });
});

describe('UserPreferences', () => {
  it('accepts no language (null) and has it by default, and refuses one the product lacks', () => {
    expect(DEFAULT_PREFERENCES.language).toBeNull();
    expect(UserPreferences.safeParse({ ...DEFAULT_PREFERENCES, language: 'fr' }).success).toBe(
      true,
    );
    expect(UserPreferences.safeParse({ ...DEFAULT_PREFERENCES, language: 'de' }).success).toBe(
      false,
    );
  });
});
