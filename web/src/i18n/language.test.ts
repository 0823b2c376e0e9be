import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLanguages, chooseLanguage, supportedLanguage } from './language';

describe('chooseLanguage', () => {
  it("follows the signed-in user's saved preference over the browser", () => {
    expect(chooseLanguage('es', ['fr-FR', 'en-US'])).toBe('es');
    expect(chooseLanguage('en', ['fr-FR'])).toBe('en');
  });

  it("follows the browser's first language the product speaks when there is no preference", () => {
    expect(chooseLanguage(null, ['fr-FR', 'en-US'])).toBe('fr');
    expect(chooseLanguage(undefined, ['de-DE', 'es-MX', 'fr'])).toBe('es');
    expect(chooseLanguage(null, ['pt-BR', 'en-GB', 'fr'])).toBe('en');
  });

  it("follows the organization's default, over the browser, when the user chose none", () => {
    expect(chooseLanguage(null, ['en-US'], 'fr')).toBe('fr');
    expect(chooseLanguage('es', ['en-US'], 'fr')).toBe('es');
    expect(chooseLanguage(null, ['es-MX'], null)).toBe('es');
  });

  it('falls back to English', () => {
    expect(chooseLanguage(null, [])).toBe('en');
    expect(chooseLanguage(null, ['de-DE', 'ja'])).toBe('en');
  });
});

describe('supportedLanguage', () => {
  it('reads the primary subtag of a language tag, whatever its case or separator', () => {
    expect(supportedLanguage('FR-ca')).toBe('fr');
    expect(supportedLanguage('es_419')).toBe('es');
    expect(supportedLanguage('de')).toBeNull();
    expect(supportedLanguage('')).toBeNull();
  });
});

describe("a page opened from a mail's link", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads in the mail's language first, whatever the browser asks for", () => {
    vi.stubGlobal('navigator', { languages: ['en-US'], language: 'en-US' });
    vi.stubGlobal('location', { search: '?token=t&email=a%40b.test&lang=es' });
    expect(browserLanguages()).toEqual(['es', 'en-US']);
    expect(chooseLanguage(null, browserLanguages())).toBe('es');
    vi.stubGlobal('location', { search: '?lang=de' });
    expect(browserLanguages()).toEqual(['en-US']);
  });
});
