import { LANGUAGES } from '@hub/proto';
import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { browserLanguages, chooseLanguage, type Language, supportedLanguage } from './language';
import { en } from './locales/en';
import { PSEUDO_LOCALE, pseudoCatalog, pseudoLocaleWanted } from './pseudo';

/**
 * The other languages' catalogs, each a chunk of its own (136-145 KB of script) loaded when the
 * language is first shown: with all three bundled every first load fetched and compiled them, the
 * chunk of the catalogs 566 KB where it is 178 now (catalog.test.ts checks each against English).
 * English is bundled: it is the fallback of every text.
 */
const CATALOGS = {
  es: () => import('./locales/es').then((module) => module.es),
  fr: () => import('./locales/fr').then((module) => module.fr),
} satisfies Record<Exclude<Language, 'en'>, () => Promise<unknown>>;

const loadCatalog = (language: string) =>
  language in CATALOGS ? CATALOGS[language as keyof typeof CATALOGS]() : Promise.resolve({});

const initial = chooseLanguage(null, browserLanguages());
/** The pseudo-locale (./pseudo.ts) replaces every language for the whole visit when asked for. */
const pseudo = pseudoLocaleWanted();
/** The language last shown on this device (a signed-in person's saved one, often). */
const LAST_SHOWN = 'hub.language';

void i18next
  .use(initReactI18next)
  .use(resourcesToBackend(loadCatalog))
  .init({
    resources: {
      en: { translation: en },
      ...(pseudo ? { [PSEUDO_LOCALE]: { translation: pseudoCatalog(en) } } : {}),
    },
    // The bundled catalogs above, the others from the backend.
    partialBundledLanguages: true,
    lng: pseudo ? PSEUDO_LOCALE : initial,
    fallbackLng: 'en',
    supportedLngs: pseudo ? [...LANGUAGES, PSEUDO_LOCALE] : [...LANGUAGES],
    load: 'currentOnly',
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
setDocumentLanguage(pseudo ? PSEUDO_LOCALE : initial);

/**
 * The catalogs the first page needs: the browser's language, which it opens in, and the one last
 * shown here, which a signed-in person's saved preference switches to once it is read. The app is
 * drawn once they have come (main.tsx), so its first frame is already in the browser's language
 * and the switch to the saved one draws no frame in the language before it. A catalog that cannot be loaded
 * leaves English in its place.
 */
export const languagesReady: Promise<void> = Promise.all(
  [...new Set([initial, lastShownLanguage() ?? initial])].map((language) =>
    i18next.loadLanguages(language).catch(() => undefined),
  ),
).then(() => undefined);

/**
 * With the pseudo-locale flag (tests only), the e2e walk shows each page in the pseudo-locale,
 * in Spanish and in English in place, as a saved preference does, instead of opening it three
 * times: `window.hubShowLanguage('es')`. The preference no longer applies for the visit.
 */
if (pseudo && typeof window !== 'undefined') {
  Object.assign(window, {
    hubShowLanguage: async (language: string) => {
      await i18next.loadLanguages(language);
      setDocumentLanguage(language);
      await i18next.changeLanguage(language);
    },
  });
}

function setDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

function lastShownLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(LAST_SHOWN);
    return stored ? supportedLanguage(stored) : null;
  } catch {
    return null;
  }
}

function rememberShown(language: Language) {
  try {
    localStorage.setItem(LAST_SHOWN, language);
  } catch {
    // Storage refused (private browsing): the next visit loads the catalog when it is shown.
  }
}

/** The language asked for last: a catalog that arrives after another was asked for is not shown. */
let wanted: Language | null = null;

/**
 * Switches every translated text at once (react-i18next re-renders) and `<html lang>`, once the
 * language's catalog is there (at once when it is).
 */
export async function applyLanguage(language: Language): Promise<void> {
  if (pseudo) return;
  wanted = language;
  rememberShown(language);
  if (i18next.language === language) return;
  await i18next.loadLanguages(language);
  if (wanted !== language) return;
  setDocumentLanguage(language);
  await i18next.changeLanguage(language);
}

export { i18next as i18n };
