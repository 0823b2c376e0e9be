import {
  chooseLanguage as choose,
  type Language,
  LINK_LANGUAGE_PARAM,
  supportedLanguage,
} from '@hub/proto';

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

/**
 * The browser's languages; `navigator.language` alone where the list is missing. A page opened
 * from a mail's link reads in the mail's language first (`?lang=es`, LINK_LANGUAGE_PARAM): an
 * invitation written in Spanish opens a Spanish page on a phone set to English.
 */
export function browserLanguages(): readonly string[] {
  const linked = linkLanguage();
  const own =
    typeof navigator === 'undefined'
      ? []
      : navigator.languages?.length
        ? navigator.languages
        : [navigator.language];
  return linked ? [linked, ...own] : own;
}

function linkLanguage(): Language | null {
  if (typeof location === 'undefined') return null;
  const asked = new URLSearchParams(location.search).get(LINK_LANGUAGE_PARAM);
  return asked ? supportedLanguage(asked) : null;
}
