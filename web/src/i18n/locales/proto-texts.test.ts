import {
  FAILURE_REASONS_ES,
  FAILURE_REASONS_FR,
  type Language,
  PEOPLE_IMPORT_REASONS_ES,
  PEOPLE_IMPORT_REASONS_FR,
  SUGGESTIONS_ES,
  SUGGESTIONS_FR,
} from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { es } from './es';
import { fr } from './fr';

type Other = Exclude<Language, 'en'>;
const CATALOGS = { es, fr };

/**
 * The sentences proto declares in each language, by table, and where the app's catalog keeps the
 * same table: the server's catalog writes the reasons (@hub/kit's i18n: notifications, mails, the
 * rejected-rows CSV); the suggestions the app alone words.
 */
const TABLES = [
  {
    name: 'failure reasons',
    server: { es: FAILURE_REASONS_ES, fr: FAILURE_REASONS_FR },
    shown: (language: Other) => CATALOGS[language].failureReasons,
  },
  {
    name: 'people-import refusal reasons',
    server: { es: PEOPLE_IMPORT_REASONS_ES, fr: PEOPLE_IMPORT_REASONS_FR },
    shown: (language: Other) => CATALOGS[language].peopleImport.reasons,
  },
  {
    name: 'suggestions',
    server: { es: SUGGESTIONS_ES, fr: SUGGESTIONS_FR },
    shown: (language: Other) => CATALOGS[language].suggestions,
  },
];

describe("the app's sentences of proto's tables", () => {
  // A Spanish SOP title was quoted «…» in the mails and "…" in the app while each side kept
  // its own copy.
  it.each(TABLES)("are the server's $name word for word, parts written as i18next's", (table) => {
    for (const language of Object.keys(CATALOGS) as Other[]) {
      const server: Record<string, string> = table.server[language];
      const shown: Record<string, string> = table.shown(language);
      for (const [code, text] of Object.entries(server)) {
        expect(shown[code]?.replace(/\{\{(\w+)\}\}/g, '{$1}'), `${language} ${code}`).toBe(text);
      }
    }
  });

  it("write a part filled in as i18next's {{name}}", () => {
    expect(es.failureReasons.sop_text_unreadable).toBe(
      'No se pudo leer el texto del SOP «{{title}}»: {{detail}}',
    );
    expect(fr.peopleImport.reasons.role_unknown).toBe(
      'Rôle inconnu « {{role}} » (administrateur, responsable formation, manager ou opérateur).',
    );
  });
});
