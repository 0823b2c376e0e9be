import {
  FAILURE_REASON_CODES,
  FAILURE_REASONS_ES,
  FAILURE_REASONS_FR,
  type FailureReasonCode,
  type Language,
} from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { es } from './es';
import { fr } from './fr';

/** The sentences the server's catalog writes in notifications and mails (@hub/kit's i18n). */
const SERVER: Record<Exclude<Language, 'en'>, Record<FailureReasonCode, string>> = {
  es: FAILURE_REASONS_ES,
  fr: FAILURE_REASONS_FR,
};
const CATALOGS = { es, fr };

describe("the app's failure reasons", () => {
  // A Spanish SOP title was quoted «…» in the mails and "…" in the app while each side kept
  // its own copy.
  it("are the server's sentences word for word, parts written as i18next's", () => {
    for (const [language, server] of Object.entries(SERVER)) {
      const shown = CATALOGS[language as keyof typeof SERVER].failureReasons;
      for (const code of FAILURE_REASON_CODES) {
        expect(shown[code].replace(/\{\{(\w+)\}\}/g, '{$1}'), `${language} ${code}`).toBe(
          server[code],
        );
      }
    }
  });

  it("write a part the worker filled in as i18next's {{name}}", () => {
    expect(es.failureReasons.sop_text_unreadable).toBe(
      'No se pudo leer el texto del SOP «{{title}}»: {{detail}}',
    );
  });
});
