import { describe, expect, it } from 'vitest';
import {
  FAILURE_REASON_CODES,
  FAILURE_REASONS,
  FAILURE_REASONS_ES,
  FAILURE_REASONS_FR,
  type Language,
  LANGUAGES,
  type NotificationText,
  PEOPLE_IMPORT_REASONS,
  PEOPLE_IMPORT_REASONS_ES,
  PEOPLE_IMPORT_REASONS_FR,
} from '@hub/proto';
import { en } from './en.js';
import {
  calendarDaysUntil,
  longDate,
  messages,
  type Reader,
  readableFailureReason,
  SERVER_CATALOGS,
  writeNotification,
} from './messages.js';

/** When the texts below are written: the expiry sweep's hour, the day before the expiry. */
const NOW = new Date('2026-11-22T03:00:00Z');
/** The sweep's hour the day before a certification expires at 02:00 on 11 January (UTC). */
const NOW_JAN = new Date('2027-01-10T03:00:00Z');
const inUtc = (language: Language): Reader => ({ language, timeZone: 'UTC' });

/**
 * A parameter's marker: '<name>' as text; as a number (a count the Spanish and French catalogs
 * write in their digits) a figure below 1,000, which every language writes alike, and which
 * `unmarked` turns back into '<name>'.
 */
const figures = new Map<string, number>();
function markerOf(name: string): string {
  const text = `<${name}>`;
  let figure = figures.get(name);
  if (figure === undefined) figures.set(name, (figure = 500 + figures.size));
  const number = figure;
  return Object.assign(new String(text), {
    [Symbol.toPrimitive]: (hint: string) => (hint === 'number' ? number : text),
  }) as unknown as string;
}
const unmarked = (text: string) =>
  [...figures].reduce((found, [name, figure]) => found.replaceAll(`${figure}`, `<${name}>`), text);

/**
 * Every text of a catalog, by its dotted key; functions are called with a marker per parameter
 * (those answering a title and a message give both).
 */
function texts(catalog: object, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else if (typeof value === 'function') {
      const marker = new Proxy({}, { get: (_target, name) => markerOf(String(name)) });
      const written = (value as (p: object) => string | object)(marker);
      if (typeof written === 'string') found.set(path, unmarked(written));
      else for (const [k, v] of texts(written, path)) found.set(k, unmarked(v));
    } else for (const [k, v] of texts(value as object, path)) found.set(k, v);
  }
  return found;
}

describe('the server catalogs', () => {
  it('exist for every language and hold every text of the English one, with its parameters', () => {
    const reference = texts(en);
    for (const language of LANGUAGES) {
      const catalog = texts(SERVER_CATALOGS[language]);
      expect([...catalog.keys()].sort()).toEqual([...reference.keys()].sort());
      for (const [key, text] of reference) {
        const parameters = (value: string) => (value.match(/<\w+>/g) ?? []).sort();
        expect(parameters(catalog.get(key)!), `${language} ${key}`).toEqual(parameters(text));
        expect(catalog.get(key)!.trim(), `${language} ${key}`).not.toBe('');
      }
    }
  });

  it('are written, not copied: no Spanish or French sentence is the English one', () => {
    const reference = texts(en);
    for (const language of ['es', 'fr'] as const) {
      const copied = [...texts(messages(language))].filter(
        ([key, text]) => text === reference.get(key) && text.includes(' '),
      );
      expect(copied, language).toEqual([]);
    }
  });

  it('write long dates in the language, in UTC', () => {
    const date = new Date('2026-11-23T23:30:00Z');
    expect(longDate(date, 'en')).toBe('23 November 2026');
    expect(longDate(date, 'es')).toBe('23 de noviembre de 2026');
    expect(longDate(date, 'fr')).toBe('23 novembre 2026');
  });

  it("write long dates on the reader's calendar", () => {
    const date = new Date('2027-01-11T02:00:00Z');
    expect(longDate(date, 'en', 'America/Los_Angeles')).toBe('10 January 2027');
    expect(longDate(date, 'fr', 'Asia/Tokyo')).toBe('11 janvier 2027');
  });

  it('count calendar days on the calendar of the zone, not elapsed days', () => {
    // 23 hours before the expiry, the day before it.
    expect(calendarDaysUntil(new Date('2027-01-11T02:00:00Z'), NOW_JAN, 'UTC')).toBe(1);
    // 19:00 on 9 January in Los Angeles; 10:00 on 11 January there is two days away.
    expect(
      calendarDaysUntil(new Date('2027-01-11T18:00:00Z'), NOW_JAN, 'America/Los_Angeles'),
    ).toBe(2);
    expect(calendarDaysUntil(new Date('2027-01-10T04:00:00Z'), NOW_JAN, 'UTC')).toBe(0);
  });

  it("write a certification's expiry on the reader's calendar, days counted to the date shown", () => {
    const expiring: NotificationText = {
      key: 'certificationExpiring',
      params: { holder: 'Lee', title: 'Forklift', expiresAt: '2027-01-11T02:00:00.000Z', days: 0 },
    };
    expect(writeNotification(expiring, inUtc('en'), NOW_JAN).message).toBe(
      'Lee\'s certification "Forklift" expires on 11 January 2027 (in 1 day). A new pass renews it.',
    );
    const inLosAngeles: Reader = { language: 'en', timeZone: 'America/Los_Angeles' };
    expect(writeNotification(expiring, inLosAngeles, NOW_JAN).message).toBe(
      'Lee\'s certification "Forklift" expires on 10 January 2027 (in 1 day). A new pass renews it.',
    );
    const expired: NotificationText = {
      key: 'certificationExpired',
      params: { holder: 'Lee', title: 'Forklift', expiresAt: '2027-01-11T02:00:00.000Z' },
    };
    expect(
      writeNotification(expired, { language: 'es', timeZone: 'America/Los_Angeles' }, NOW_JAN)
        .message,
    ).toContain('10 de enero de 2027');
  });

  it("write another service's notification in the reader's language, dates and counts included", () => {
    const expiring: NotificationText = {
      key: 'certificationExpiring',
      params: {
        holder: 'Otto',
        title: 'Refroidissement',
        expiresAt: '2026-11-23T10:00:00.000Z',
        days: 1,
      },
    };
    expect(writeNotification(expiring, inUtc('fr'), NOW)).toEqual({
      title: 'Certification bientôt expirée',
      message:
        'La certification « Refroidissement » d’Otto expire le 23 novembre 2026 (dans 1 jour). Une nouvelle réussite la renouvelle.',
    });
    expect(writeNotification(expiring, inUtc('en'), NOW).message).toBe(
      'Otto\'s certification "Refroidissement" expires on 23 November 2026 (in 1 day). A new pass renews it.',
    );
    const analysed: NotificationText = {
      key: 'videoAnalysed',
      params: { title: 'Turno', detected: 2, identified: ['Ana'] },
    };
    expect(writeNotification(analysed, inUtc('es'), NOW).message).toBe(
      '«Turno»: 2 operarios detectados, 1 identificado (Ana).',
    );
  });

  /** The French and Spanish notices and mails wrote '66.7 %': a decimal point in a comma language. */
  it("write an observation's score in the reader's number format", () => {
    const completed: NotificationText = {
      key: 'observationCompleted',
      params: {
        operator: 'Olga',
        evaluation: 'Cooling',
        passed: false,
        score: 66.7,
        passMark: 80,
        observer: 'Tess',
      },
    };
    const say = (language: Language) => writeNotification(completed, inUtc(language), NOW).message;
    expect(say('en')).toBe(
      'Olga did not pass "Cooling" with 66.7% (pass mark 80%), observed by Tess.',
    );
    expect(say('fr')).toContain('avec 66,7 % (seuil de réussite : 80 %)');
    expect(say('es')).toContain('con un 66,7 % (mínimo para aprobar: 80 %)');
  });

  it("write the supervisors' expiry digest in every language, counts and page included", () => {
    const digest: NotificationText = {
      key: 'certificationDigest',
      params: { expiringSoon: 1, expired: 3, path: '/insights/certifications' },
    };
    expect(writeNotification(digest, inUtc('en'), NOW)).toEqual({
      title: 'Certifications due for renewal',
      message:
        'Since the last summary, 1 certification of your organization became due to expire soon and 3 expired. A new pass renews each one. See them: /insights/certifications',
    });
    expect(writeNotification(digest, inUtc('es'), NOW).message).toBe(
      'Desde el último resumen, 1 certificación de tu organización pasó a estar por vencer y 3 vencieron. Cada una se renueva al aprobar otra vez. Consúltalas en: /insights/certifications',
    );
    expect(writeNotification(digest, inUtc('fr'), NOW).message).toBe(
      'Depuis le dernier récapitulatif, 1 certification de votre organisation arrive bientôt à expiration et 3 ont expiré. Une nouvelle réussite renouvelle chacune. Consultez-les : /insights/certifications',
    );
  });

  // The web app's catalog reads the same tables (web/src/i18n/locales/proto-texts.test.ts): a
  // copy of its own here once quoted a Spanish SOP title otherwise.
  it("word a worker's failure reason with proto's sentences, the web app's", () => {
    expect(messages('en').failureReasons).toBe(FAILURE_REASONS);
    expect(messages('es').failureReasons).toBe(FAILURE_REASONS_ES);
    expect(messages('fr').failureReasons).toBe(FAILURE_REASONS_FR);
  });

  // The web app's catalog reads the same tables (web/src/i18n/locales/proto-texts.test.ts).
  it("word a refused import row's reason with proto's sentences, the web app's", () => {
    expect(messages('en').peopleImport.reasons).toBe(PEOPLE_IMPORT_REASONS);
    expect(messages('es').peopleImport.reasons).toBe(PEOPLE_IMPORT_REASONS_ES);
    expect(messages('fr').peopleImport.reasons).toBe(PEOPLE_IMPORT_REASONS_FR);
  });

  it("word a worker's failure reason with only the parts the worker filled in", () => {
    const parts = (text: string) => new Set(text.match(/\{\w+\}/g) ?? []);
    for (const language of LANGUAGES) {
      for (const code of FAILURE_REASON_CODES) {
        const written = parts(messages(language).failureReasons[code]);
        const english = parts(en.failureReasons[code]);
        expect(
          [...written].filter((part) => !english.has(part)),
          `${language} ${code}`,
        ).toEqual([]);
      }
    }
  });

  it("write a worker's failure reason in the reader's language, an unknown one as written", () => {
    const rejected: NotificationText = {
      key: 'pictureRejected',
      params: {
        reason: 'The profile picture shows 3 faces. Please use a photo of only this person.',
      },
    };
    expect(writeNotification(rejected, inUtc('fr'), NOW).message).toBe(
      'La photo de profil montre 3 visages. Utilisez une photo où cette personne est seule.',
    );
    expect(writeNotification(rejected, inUtc('es'), NOW).message).toBe(
      'En la foto de perfil salen 3 caras. Usa una foto en la que salga solo esta persona.',
    );
    expect(writeNotification(rejected, inUtc('en'), NOW).message).toBe(rejected.params.reason);
    const failed: NotificationText = {
      key: 'documentFailed',
      params: {
        title: 'Montage',
        reason: 'The document has no text and OCR failed on page 4: tesseract exited 1',
      },
    };
    expect(writeNotification(failed, inUtc('es'), NOW).message).toBe(
      'No se pudo procesar «Montage»: El documento no tiene texto y el reconocimiento de texto falló en la página 4: tesseract exited 1',
    );
    expect(readableFailureReason('Disk full.', 'fr')).toBe('Disk full.');
  });

  it("words a reason's nested reason in the reader's language too", () => {
    expect(
      readableFailureReason(
        'The uploaded file could not be read from storage: Storage refused access to the file.',
        'es',
      ),
    ).toBe(
      'No se pudo leer del almacenamiento el archivo subido: El almacenamiento denegó el acceso al archivo.',
    );
  });
});
