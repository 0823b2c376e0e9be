import { LANGUAGES } from '@hub/proto';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { browserLanguages, chooseLanguage, type Language } from './language';
import { en } from './locales/en';
import { es } from './locales/es';
import { fr } from './locales/fr';
import { PSEUDO_LOCALE, pseudoCatalog, pseudoLocaleWanted } from './pseudo';

/** One catalog per language of proto's LANGUAGES (catalog.test.ts checks none is missing). */
export const resources = {
  en: { translation: en },
  es: { translation: es },
  fr: { translation: fr },
} as const;

/**
 * Every catalog is bundled (a few kilobytes each), so switching needs no request and the
 * first paint is already in the browser's language.
 */
const initial = chooseLanguage(null, browserLanguages());
/** The pseudo-locale (./pseudo.ts) replaces every language for the whole visit when asked for. */
const pseudo = pseudoLocaleWanted();
void i18next.use(initReactI18next).init({
  resources: pseudo
    ? { ...resources, [PSEUDO_LOCALE]: { translation: pseudoCatalog(en) } }
    : resources,
  lng: pseudo ? PSEUDO_LOCALE : initial,
  fallbackLng: 'en',
  supportedLngs: pseudo ? [...LANGUAGES, PSEUDO_LOCALE] : [...LANGUAGES],
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
setDocumentLanguage(pseudo ? PSEUDO_LOCALE : initial);

/**
 * With the pseudo-locale flag (tests only), the e2e walk shows each page in the pseudo-locale,
 * in Spanish and in English in place, as a saved preference does, instead of opening it three
 * times: `window.hubShowLanguage('es')`. The preference no longer applies for the visit.
 */
if (pseudo && typeof window !== 'undefined') {
  Object.assign(window, {
    hubShowLanguage: async (language: string) => {
      setDocumentLanguage(language);
      await i18next.changeLanguage(language);
    },
  });
}

function setDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Switches every translated text at once (react-i18next re-renders) and `<html lang>`. */
export function applyLanguage(language: Language) {
  if (pseudo) return;
  setDocumentLanguage(language);
  if (i18next.language !== language) void i18next.changeLanguage(language);
}

export { i18next as i18n };
