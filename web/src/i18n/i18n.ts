import { LANGUAGES } from '@hub/proto';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { browserLanguages, chooseLanguage, type Language } from './language';
import { en } from './locales/en';
import { es } from './locales/es';
import { fr } from './locales/fr';

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
void i18next.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
setDocumentLanguage(initial);

function setDocumentLanguage(language: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Switches every translated text at once (react-i18next re-renders) and `<html lang>`. */
export function applyLanguage(language: Language) {
  setDocumentLanguage(language);
  if (i18next.language !== language) void i18next.changeLanguage(language);
}

export { i18next as i18n };
