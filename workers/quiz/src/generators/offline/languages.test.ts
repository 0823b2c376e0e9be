import { describe, expect, it } from 'vitest';
import { FOOD_SAFETY_MARKDOWN, POLLO_MARKDOWN, POULET_MARKDOWN } from '../../test-support/sops.ts';
import { generateOfflineDraft } from './offline-generator.ts';
import { parseSop } from './sop-structure.ts';
import { findPpe } from './ppe.ts';
import { ppeQuestions } from './question-writers.ts';
import { seededRandom } from './seeded-random.ts';

const draftOf = (markdown: string) => generateOfflineDraft({ title: '', markdown, text: '' });

/** English template words: none may be left in a Spanish or French evaluation. */
const ENGLISH = /\b(What|Which|step|the SOP|section of|states|Evaluation|Checks)\b/;

describe('the offline generator writes in the SOP’s own language', () => {
  it('reads Spanish and French steps and notices by their own words', () => {
    const spanish = parseSop({ title: '', markdown: POLLO_MARKDOWN, text: '' });
    expect(spanish.language).toBe('es');
    expect(spanish.steps.length).toBe(11);
    expect(spanish.notices.map((notice) => notice.notice)).toEqual(['warning', 'caution']);
    const french = parseSop({ title: '', markdown: POULET_MARKDOWN, text: '' });
    expect(french.language).toBe('fr');
    expect(french.notices.map((notice) => notice.notice)).toEqual(['warning', 'caution']);
    expect(parseSop({ title: '', markdown: FOOD_SAFETY_MARKDOWN, text: '' }).language).toBe('en');
  });

  it('asks a Spanish SOP in Spanish', () => {
    const draft = draftOf(POLLO_MARKDOWN);
    expect(draft.title).toBe('Evaluación: Cocción y enfriamiento del pollo');
    expect(draft.description).toMatch(/^Comprueba que se entiende el procedimiento/);
    expect(draft.questions.length).toBeGreaterThanOrEqual(5);
    for (const question of draft.questions) {
      expect(question.text, question.text).not.toMatch(ENGLISH);
      expect(question.explanation, question.explanation).toMatch(/ dice: "/);
    }
    const texts = draft.questions.map((question) => question.text).join('\n');
    expect(texts).toContain('¿cuál es la temperatura requerida?');
    // Values in Spanish units are found, and their wrong answers written alike.
    const time = draft.questions.find((question) =>
      /^\d+ (horas|segundos|minutos)$/.test(question.options[question.correctIndex]!),
    );
    expect(
      time?.options.every((option) => /^\d+(,\d+)? (horas|segundos|minutos)$/.test(option)),
    ).toBe(true);
  });

  it('asks a French SOP in French', () => {
    const draft = draftOf(POULET_MARKDOWN);
    expect(draft.title).toBe('Évaluation : Cuisson et refroidissement du poulet');
    expect(draft.description).toMatch(/^Vérifie la compréhension du mode opératoire/);
    for (const question of draft.questions) {
      expect(question.text, question.text).not.toMatch(ENGLISH);
      expect(question.explanation, question.explanation).toMatch(/ indique : « /);
    }
    expect(draft.questions.map((question) => question.text).join('\n')).toContain(
      'quelle est la température exigée',
    );
  });

  it('keeps English SOPs in English, as before', () => {
    const draft = draftOf(FOOD_SAFETY_MARKDOWN);
    expect(draft.title).toBe('Evaluation: Cooking and Cooling Chicken');
    expect(draft.questions.some((question) => /^(What|Which|In )/.test(question.text))).toBe(true);
  });

  it('asks Spanish and French SOPs about their own PPE, every answer in their words', () => {
    const spanish = ppeQuestions(
      parseSop({ title: '', markdown: POLLO_MARKDOWN, text: '' }),
      seededRandom(1),
    );
    const step = spanish.find((draft) => draft.passage.step === 2);
    expect(step?.text).toBe('¿Qué EPP tienes que usar en el paso 2 de "Preparación"?');
    expect(['redecilla', 'guantes desechables']).toContain(step?.correct);
    expect(step?.distractors).toContain('delantal');
    const french = ppeQuestions(
      parseSop({ title: '', markdown: POULET_MARKDOWN, text: '' }),
      seededRandom(1),
    );
    const first = french.find((draft) => draft.passage.step === 2);
    expect(first?.text).toMatch(/^Selon l’étape 2 .*, quel EPI faut-il porter \?$/);
    expect(['charlotte', 'gants jetables']).toContain(first?.correct);
    expect(first?.distractors).toContain('tablier');
    for (const draft of [...spanish, ...french]) {
      for (const option of [draft.correct, ...draft.distractors]) {
        expect(option, option).not.toMatch(/\b(gloves|goggles|hairnet|apron|mask|shoes|vest)\b/);
      }
    }
  });

  it('finds equipment by the words of each language, and not where it is taken off', () => {
    expect(findPpe('Coloca una pantalla facial y botas de seguridad.', 'es')).toEqual([
      { text: 'pantalla facial', family: 'face shield' },
      { text: 'botas de seguridad', family: 'footwear' },
    ]);
    expect(findPpe('Portez un casque anti-bruit et un écran facial.', 'fr')).toEqual([
      { text: 'écran facial', family: 'face shield' },
      { text: 'casque anti-bruit', family: 'hearing protection' },
    ]);
    expect(findPpe('Wear cut-resistant gloves.', 'en')).toEqual([
      { text: 'cut-resistant gloves', family: 'gloves' },
    ]);
  });
});
