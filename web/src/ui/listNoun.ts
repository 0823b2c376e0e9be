import type { ui } from '../i18n/locales/en/ui';

/**
 * A list's plural noun as a key of the catalogs' `ui.nouns`, never the text itself: a noun
 * passed as English text was shown in English to Spanish and French readers.
 */
export type ListNoun = keyof typeof ui.nouns;
