import type { Language } from '@hub/proto';
import { en, type ServerCatalog } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';

export type { ServerCatalog } from './en.js';

/** One catalog per language of proto's LANGUAGES: a language added there fails here until written. */
export const SERVER_CATALOGS: Record<Language, ServerCatalog> = { en, es, fr };

/** What the services write for a person who reads `language`. */
export function messages(language: Language): ServerCatalog {
  return SERVER_CATALOGS[language];
}

/** '2026-11-23T…' -> '23 November 2026' / '23 de noviembre de 2026' / '23 novembre 2026' (UTC). */
export function longDate(date: Date, language: Language): string {
  return date.toLocaleDateString(language === 'en' ? 'en-GB' : language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
