import {
  CreateFindingRequest,
  ERROR_CODES,
  ERROR_TEXTS,
  FAILURE_REASONS,
  INVALID_CREDENTIALS,
  LANGUAGES,
  ObservationSettings,
} from '@hub/proto';
import { afterEach, describe, expect, it } from 'vitest';
import { failureToast, readableErrorMessage } from './errors';
import { ApiError } from './client';
import { readableErrorText, readableIssue } from './error-text';
import { applyLanguage, i18n, resources } from '../i18n/i18n';

const body = (code: string, message: string) => ({ statusCode: 401, message, code });

describe('API errors with a code', () => {
  afterEach(() => applyLanguage('en'));

  it('show the Spanish text of a known code to a Spanish reader', async () => {
    applyLanguage('es');
    await i18n.changeLanguage('es');
    const error = ApiError.fromBody(401, body('invalid_credentials', INVALID_CREDENTIALS));
    expect(error.code).toBe('invalid_credentials');
    expect(error.serverMessage).toBe('Correo o contraseña incorrectos. Inténtalo de nuevo.');
    expect(failureToast('Error', error, 'fallback').description).toBe(error.serverMessage);
  });

  it("word a detail the service took from the failure reasons in the reader's language", async () => {
    applyLanguage('es');
    await i18n.changeLanguage('es');
    const stopped = ERROR_TEXTS.people_import_invitations_not_sent
      .replace('{number}', '2')
      .replace('{detail}', FAILURE_REASONS.network_refused);
    expect(readableErrorText(stopped)).toBe(
      'No se pudieron enviar las invitaciones (personas afectadas: 2; conexión rechazada). Reanuda la importación para enviarlas.',
    );
  });

  it("show the server's own words for an unknown code, or to an English reader", async () => {
    applyLanguage('fr');
    await i18n.changeLanguage('fr');
    expect(ApiError.fromBody(409, body('new_code', 'Something new.')).serverMessage).toBe(
      'Something new.',
    );
    applyLanguage('en');
    await i18n.changeLanguage('en');
    const waited = 'Too many sign-in attempts. Please wait 5 minutes and try again.';
    expect(ApiError.fromBody(429, body('sign_in_rate_limited', waited)).serverMessage).toBe(waited);
  });

  it('have a text for every code of the table in every language, written not copied', () => {
    for (const language of LANGUAGES) {
      const texts: Record<string, string> = resources[language].translation.errors;
      for (const code of ERROR_CODES) {
        expect(texts[code]?.trim(), `${language} ${code}`).toBeTruthy();
        if (language !== 'en')
          expect(texts[code], `${language} ${code}`).not.toBe(ERROR_TEXTS[code]);
      }
    }
  });
});

describe('a field the server refused', () => {
  afterEach(() => applyLanguage('en'));
  const refusal = (params: Record<string, string | number>) => ({
    statusCode: 400,
    message: 'A question needs at least 5 characters.',
    field: params.field,
    code: 'invalid_field',
    params,
  });

  it("is worded by its rule and limit, the field's name in front when known", async () => {
    applyLanguage('es');
    await i18n.changeLanguage('es');
    const short = refusal({ rule: 'too_short', field: 'questions.0.text', minimum: 5 });
    expect(ApiError.fromBody(400, short).message).toBe('Texto: Escribe al menos 5 caracteres.');
    applyLanguage('fr');
    await i18n.changeLanguage('fr');
    const unnamed = refusal({ rule: 'required', field: 'sopIds' });
    expect(ApiError.fromBody(400, unnamed).message).toBe('Ce champ est obligatoire.');
  });

  it("falls back to the code's text for a rule this build does not know", async () => {
    applyLanguage('fr');
    await i18n.changeLanguage('fr');
    const future = refusal({ rule: 'too_bright', field: 'name' });
    expect(ApiError.fromBody(400, future).message).toBe('Vérifiez les informations saisies.');
    applyLanguage('en');
    await i18n.changeLanguage('en');
    expect(ApiError.fromBody(400, future).message).toBe('A question needs at least 5 characters.');
  });
});

describe('the message of a request that failed, as the "could not be loaded" lines show it', () => {
  afterEach(() => applyLanguage('en'));

  it('is a catalog text when the server sent none, or nothing came back', async () => {
    applyLanguage('es');
    await i18n.changeLanguage('es');
    expect(readableErrorMessage(new ApiError(500, undefined))).toBe(
      'El servidor respondió con un error (HTTP 500).',
    );
    expect(readableErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'No hay conexión con el servidor. Revisa la conexión y vuelve a intentarlo.',
    );
    const refused = ApiError.fromBody(401, body('invalid_credentials', INVALID_CREDENTIALS));
    expect(readableErrorMessage(refused)).toBe(refused.serverMessage);
    expect(readableErrorMessage(null)).toBe('');
  });
});

describe("a service's own refusal, and a schema's sentence checked before sending", () => {
  afterEach(() => applyLanguage('en'));

  it('is worded with the parts the server sent', async () => {
    applyLanguage('es');
    await i18n.changeLanguage('es');
    const unpublished = {
      statusCode: 400,
      message: 'These SOPs have no published evaluation: Lockout, Forklift.',
      code: 'course_sops_unpublished',
      params: { titles: 'Lockout, Forklift' },
    };
    expect(ApiError.fromBody(400, unpublished).message).toBe(
      'Estos SOP no tienen ninguna evaluación publicada: Lockout, Forklift.',
    );
  });

  it("is the schema's specific sentence in the reader's language, else its rule", async () => {
    const finding = CreateFindingRequest.safeParse({ severity: '', category: 'safety', note: 'x' });
    const first = finding.success ? undefined : finding.error.issues[0];
    expect(readableIssue(first)).toBe('Please choose a severity.');
    applyLanguage('fr');
    await i18n.changeLanguage('fr');
    expect(readableIssue(first)).toBe('Choisissez une gravité.');
    const settings = ObservationSettings.safeParse({ passMark: 0 });
    expect(readableIssue(settings.success ? undefined : settings.error.issues[0])).toBe(
      'Le seuil de réussite doit être compris entre 1 et 100.',
    );
    expect(readableIssue(undefined)).toBeUndefined();
  });
});
