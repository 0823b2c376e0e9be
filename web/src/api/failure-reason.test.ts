import {
  FAILURE_REASON_CODES,
  FAILURE_REASONS,
  LANGUAGES,
  SUGGESTION_CODES,
  SUGGESTIONS,
} from '@hub/proto';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, i18n, resources } from '../i18n/i18n';
import { COUNT_PARTS, readableFailureReason, readableSuggestion } from './failure-reason';

describe("a worker's failure reason", () => {
  afterEach(() => applyLanguage('en'));

  it("is worded in the reader's language, the technical detail kept", async () => {
    applyLanguage('es');
    await i18n.changeLanguage('es');
    expect(readableFailureReason('The PDF is password-protected.')).toBe(
      'El PDF está protegido con contraseña.',
    );
    expect(readableFailureReason('The video could not be decoded: moov atom not found.')).toBe(
      'No se pudo decodificar el video: moov atom not found.',
    );
    expect(readableFailureReason('A reason of another time.')).toBe('A reason of another time.');
  });

  it('words why a video report has no step analysis', async () => {
    applyLanguage('es');
    await i18n.changeLanguage('es');
    expect(
      readableFailureReason(
        'Step analysis against the SOPs needs an AI provider: set GEMINI_API_KEY. Operator identification ran without it.',
      ),
    ).toBe(
      'El análisis de los pasos frente a los SOP necesita un proveedor de IA: configura GEMINI_API_KEY. La identificación de operadores se hizo sin él.',
    );
    expect(
      readableFailureReason(
        'Step analysis against the SOPs failed: The AI provider did not answer in time. Operator identification ran without it.',
      ),
    ).toBe(
      'El análisis de los pasos frente a los SOP falló: El proveedor de IA no respondió a tiempo. La identificación de operadores se hizo sin él.',
    );
  });

  it('words a detail worded here (a storage read, a network cause) in the same language', async () => {
    applyLanguage('fr');
    await i18n.changeLanguage('fr');
    expect(
      readableFailureReason(
        'The video could not be read from storage: The file is not in storage.',
      ),
    ).toBe(
      'La vidéo n’a pas pu être relue depuis le stockage : Le fichier n’est pas dans le stockage.',
    );
    expect(readableFailureReason('connection refused')).toBe('connexion refusée');
  });

  it("words the quiz worker's and the pictures' reasons too", async () => {
    applyLanguage('fr');
    await i18n.changeLanguage('fr');
    expect(readableFailureReason('The SOP text is too short to generate an evaluation.')).toBe(
      'Le texte du mode opératoire est trop court pour générer une évaluation.',
    );
    expect(
      readableFailureReason('The photo shows 2 faces. Please use a photo of only this person.'),
    ).toBe('La photo montre 2 visages. Utilisez une photo où cette personne est seule.');
  });

  it("words the camera list's notices of a partial list, its counts in the reader's digits", async () => {
    applyLanguage('es');
    await i18n.changeLanguage('es');
    expect(
      readableFailureReason(
        'The camera system answered too slowly to list every camera: the first 1,230 are shown.',
      ),
    ).toBe(
      'El sistema de cámaras respondió demasiado despacio para listar todas las cámaras: se muestran las primeras 1230.',
    );
    expect(
      readableFailureReason(
        'The camera system answers fewer than 10 cameras a page: the first 10,010 are shown.',
      ),
    ).toBe(
      'El sistema de cámaras devuelve menos de 10 cámaras por página: se muestran las primeras 10.010.',
    );
    expect(
      readableFailureReason(
        'The camera system lists more than 10,000 cameras: the first 10,000 are shown.',
      ),
    ).toBe('El sistema de cámaras tiene más de 10.000 cámaras: se muestran las primeras 10.000.');
    expect(
      readableFailureReason('The camera system is limiting requests: the first 2,000 are shown.'),
    ).toBe('El sistema de cámaras está limitando las solicitudes: se muestran las primeras 2000.');
    applyLanguage('fr');
    await i18n.changeLanguage('fr');
    expect(
      readableFailureReason(
        'The camera system lists more than 10,000 cameras: the first 10,000 are shown.',
      ),
    ).toBe(
      'Le système de caméras compte plus de 10\u202f000 caméras : les 10\u202f000 premières sont affichées.',
    );
  });

  it("keeps a camera's name or an SOP's title as written, however much it looks like a count", async () => {
    applyLanguage('fr');
    await i18n.changeLanguage('fr');
    expect(
      readableFailureReason('1,200 could not be reached: The camera system is not available.'),
    ).toBe('1,200 est injoignable : Le système de caméras n’est pas disponible.');
    expect(
      readableFailureReason(
        'The text of SOP "1,200" could not be read: The file is not in storage.',
      ),
    ).toBe(
      'Le texte du mode opératoire « 1,200 » n’a pas pu être lu : Le fichier n’est pas dans le stockage.',
    );
    // The count beside them is still the reader's.
    expect(
      readableFailureReason('The camera system is limiting requests: the first 1,200 are shown.'),
    ).toBe('Le système de caméras limite les requêtes : les 1\u202f200 premières sont affichées.');
  });

  it("words a rate limit that said when to try again, its seconds and count in the reader's digits", async () => {
    applyLanguage('fr');
    await i18n.changeLanguage('fr');
    expect(
      readableFailureReason(
        'The camera system is limiting requests (retry after 3,600 s): the first 1,230 are shown.',
      ),
    ).toBe(
      'Le système de caméras limite les requêtes (réessayer dans 3\u202f600 s) : les 1\u202f230 premières sont affichées.',
    );
    applyLanguage('es');
    await i18n.changeLanguage('es');
    expect(
      readableFailureReason(
        'The camera system is limiting requests (retry after 30 s): the first 10 are shown.',
      ),
    ).toBe(
      'El sistema de cámaras está limitando las solicitudes (reintentar en 30 s): se muestran las primeras 10.',
    );
  });

  it('knows each part of the catalogs as a count (digits regrouped) or as text (kept as written)', () => {
    const text = new Set([
      'detail',
      'title',
      'camera',
      'program',
      'duration',
      'status',
      'page',
      'address',
    ]);
    const parts = [...Object.values(FAILURE_REASONS), ...Object.values(SUGGESTIONS)].flatMap(
      (sentence) => [...sentence.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!),
    );
    for (const name of new Set(parts))
      expect(COUNT_PARTS.has(name) !== text.has(name), `the part {${name}}`).toBe(true);
  });

  it('is the stored sentence itself for an English reader', () => {
    const stored = 'Processing took longer than 5 minutes.';
    expect(readableFailureReason(stored)).toBe(stored);
  });

  it('has a text for every code in every language', () => {
    for (const language of LANGUAGES) {
      const texts: Record<string, string> = resources[language].translation.failureReasons;
      for (const code of FAILURE_REASON_CODES)
        expect(texts[code], `${language} ${code}`).toBeTruthy();
    }
  });
});

describe("a failure's suggestion", () => {
  afterEach(() => applyLanguage('en'));

  it("is worded in the reader's language, a part filled in kept", async () => {
    applyLanguage('fr');
    await i18n.changeLanguage('fr');
    expect(readableSuggestion('Try again later.')).toBe('Réessayez plus tard.');
    expect(
      readableSuggestion(
        'Ask the camera system administrator to let the API client of this integration read at least 10 cameras a page.',
      ),
    ).toBe(
      'Demandez à l’administrateur du système de caméras d’autoriser le client API de cette intégration à lire au moins 10 caméras par page.',
    );
    // A camera system's own advice, passed on as it came.
    expect(readableSuggestion('Contact your vendor.')).toBe('Contact your vendor.');
  });

  it('is the sentence the service wrote for an English reader', () => {
    expect(readableSuggestion('Try again later.')).toBe('Try again later.');
  });

  it('has a text for every code in every language', () => {
    for (const language of LANGUAGES) {
      const texts: Record<string, string> = resources[language].translation.suggestions;
      for (const code of SUGGESTION_CODES) expect(texts[code], `${language} ${code}`).toBeTruthy();
    }
  });
});
