import { en } from './en';
import { es } from './es';
import { fr } from './fr';

/**
 * Every language's catalog at once, as i18next holds them, for the checks that compare them
 * (catalog.test.ts and others). The app does not import this: it loads each language's catalog
 * when the language is first shown (../i18n.ts).
 */
export const resources = {
  en: { translation: en },
  es: { translation: es },
  fr: { translation: fr },
} as const;
