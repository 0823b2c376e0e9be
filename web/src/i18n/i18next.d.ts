import 'i18next';
import type { en } from './locales/en';

/** Typed keys: a t() call with a key the English catalog lacks fails the type check. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
