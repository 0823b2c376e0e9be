import { LANGUAGES } from '@hub/proto';

export type Language = (typeof LANGUAGES)[number];

/** 'fr-FR' -> 'fr' when offered; null for a language the product does not speak. */
export function supportedLanguage(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((language) => language === primary) ?? null;
}

/**
 * The language to show: the signed-in user's saved preference, else the first of the browser's
 * languages (`navigator.languages`, in the user's order) the product speaks, else English.
 */
export function chooseLanguage(
  preference: Language | null | undefined,
  browserLanguages: readonly string[],
): Language {
  if (preference) return preference;
  for (const tag of browserLanguages) {
    const language = supportedLanguage(tag);
    if (language) return language;
  }
  return 'en';
}

/** The browser's languages; `navigator.language` alone where the list is missing. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}
