import { FAILURE_REASON_CODES, LANGUAGES } from '@hub/proto';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, i18n, resources } from '../i18n/i18n';
import { readableFailureReason } from './failure-reason';

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
