import { chooseLanguage as choose, type Language, supportedLanguage } from '@hub/proto';

export type { Language };
export { supportedLanguage };

/**
 * The language to show, by the rule the server writes mails and PDFs by (proto's
 * `chooseLanguage`): the signed-in user's saved preference, else their organization's default,
 * else the first of the browser's languages (`navigator.languages`, in the user's order) the
 * product speaks, else English.
 */
export function chooseLanguage(
  preference: Language | null | undefined,
  browserLanguages: readonly string[],
  organizationDefault: Language | null = null,
): Language {
  return choose(preference, organizationDefault, browserLanguages);
}

/** The browser's languages; `navigator.language` alone where the list is missing. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}
