import { describe, expect, it } from 'vitest';
import { FOOD_SAFETY_MARKDOWN, POLLO_MARKDOWN, POULET_MARKDOWN } from '../../test-support/sops.ts';
import { generateOfflineDraft } from './offline-generator.ts';
import { parseSop } from './sop-structure.ts';

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
});
