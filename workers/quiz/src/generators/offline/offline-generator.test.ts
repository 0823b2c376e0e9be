import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EvaluationDraft } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { FOOD_SAFETY_MARKDOWN, MAINTENANCE_TEXT, SHORT_TEXT } from '../../test-support/sops.ts';
import { checkDraft, GenerationFailure } from '../evaluation-generator.ts';
import { isStatement, plainMarkdownLine } from './sop-structure.ts';
import {
  generateOfflineDraft,
  NO_STEPS,
  OfflineGenerator,
  TOO_SHORT,
} from './offline-generator.ts';

const flat = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
const sourceOf = (markdown: string, text: string) =>
  flat(`${markdown.split('\n').map(plainMarkdownLine).join('\n')}\n${text}`);

/** The rules every generated evaluation keeps, whatever the SOP. */
function expectWellFormed(draft: EvaluationDraft, markdown: string, text: string) {
  expect(checkDraft(draft)).toEqual({ ok: true, draft });
  const source = sourceOf(markdown, text);
  for (const question of draft.questions) {
    expect(question.options.length).toBeGreaterThanOrEqual(3);
    expect(question.correctIndex).toBeGreaterThanOrEqual(0);
    expect(question.correctIndex).toBeLessThan(question.options.length);
    expect(new Set(question.options.map(flat)).size).toBe(question.options.length);
    for (const option of question.options) {
      expect(option).not.toMatch(/(all|none) of the above/i);
    }
    const correct = question.options[question.correctIndex]!;
    expect(source, `answer of "${question.text}"`).toContain(flat(correct));
    expect(source).toContain(flat(question.sourcePassage));
    expect(flat(question.explanation)).toContain(flat(question.sourcePassage));
  }
}

const correctOf = (draft: EvaluationDraft, pattern: RegExp) =>
  draft.questions
    .filter((question) => pattern.test(question.text))
    .map((question) => question.options[question.correctIndex]);

describe('the offline generator on a food-safety SOP', () => {
  const draft = generateOfflineDraft({
    title: 'Cooking and Cooling Chicken',
    markdown: FOOD_SAFETY_MARKDOWN,
    text: '',
  });

  it('writes a well-formed evaluation whose answers the SOP states', () => {
    expectWellFormed(draft, FOOD_SAFETY_MARKDOWN, '');
    expect(draft.title).toBe('Evaluation: Cooking and Cooling Chicken');
    expect(draft.questions.length).toBeGreaterThanOrEqual(5);
    expect(draft.questions.length).toBeLessThanOrEqual(15);
    expect(draft.description).toContain('4 sections');
    expect(draft.description).toContain('11 numbered steps');
  });

  it('asks for required temperatures and times with same-kind distractors', () => {
    const valueQuestions = draft.questions.filter((q) =>
      /^(What is the required|Which) (temperature|time)/.test(q.text),
    );
    expect(valueQuestions.length).toBeGreaterThanOrEqual(2);
    for (const question of valueQuestions) {
      const unit = /temperature/.test(question.text) ? /°C$/ : /(seconds?|minutes?|hours?)$/;
      for (const option of question.options) expect(option).toMatch(unit);
    }
  });

  it('asks about PPE, step order and warnings, in several categories', () => {
    expect(draft.questions.some((q) => q.text.startsWith('What PPE must be worn'))).toBe(true);
    expect(draft.questions.some((q) => /comes right after|right before/.test(q.text))).toBe(true);
    expect(draft.questions.some((q) => q.text.startsWith('What does the SOP warn about'))).toBe(
      true,
    );
    expect(new Set(draft.questions.map((q) => q.category)).size).toBeGreaterThanOrEqual(3);
    expect(draft.keyLearningPoints[0]).toMatch(/Salmonella/);
    expect(draft.keyLearningPoints.some((point) => point.includes('75 °C'))).toBe(true);
  });

  it('does not always put the correct answer first, and is the same every time', () => {
    expect(new Set(draft.questions.map((q) => q.correctIndex)).size).toBeGreaterThan(1);
    const again = generateOfflineDraft({
      title: 'Cooking and Cooling Chicken',
      markdown: FOOD_SAFETY_MARKDOWN,
      text: '',
    });
    expect(again).toEqual(draft);
  });
});

describe('the offline generator on a maintenance SOP in plain text', () => {
  const draft = generateOfflineDraft({ title: '', markdown: '', text: MAINTENANCE_TEXT });

  it('finds the title, torques and the lockout warning', () => {
    expectWellFormed(draft, '', MAINTENANCE_TEXT);
    expect(draft.title).toBe('Evaluation: Conveyor Gearbox Replacement');
    expect(draft.questions.length).toBeGreaterThanOrEqual(5);
    const lockout = draft.questions.find((q) => q.text.includes('warn about in "Lockout"'));
    expect(lockout?.options[lockout.correctIndex]).toMatch(/^Isolate and lock out/);
    expect(lockout?.category).toBe('Safety');
    expect(draft.keyLearningPoints[0]).toMatch(/lock out the main electrical supply/);
    expect(draft.keyLearningPoints.some((point) => point.includes('45 N·m'))).toBe(true);
  });

  it("offers only other torques (the SOP's own or neighbours) against a torque", () => {
    const torques = draft.questions.filter((q) => q.text.includes('required torque'));
    expect(torques.length).toBeGreaterThan(0);
    for (const question of torques) {
      for (const option of question.options) expect(option).toMatch(/^\d+(\.\d+)? N·m$/);
    }
    expect(correctOf(draft, /required torque/).every((answer) => /N·m$/.test(answer!))).toBe(true);
  });
});

describe('a text too short to ask anything', () => {
  it('fails with a readable reason', async () => {
    expect(() => generateOfflineDraft({ title: 'x', markdown: '', text: SHORT_TEXT })).toThrow(
      new GenerationFailure(TOO_SHORT),
    );
    await expect(
      new OfflineGenerator().generate({ title: 'x', markdown: SHORT_TEXT, text: '', prompt: 'p' }),
    ).rejects.toThrow(TOO_SHORT);
  });
});

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const fixtures = join(repoRoot, '../shared/fixtures/pdfs');
const pdfs = readdirSync(fixtures)
  .filter((name) => name.endsWith('.pdf'))
  .sort();

function pdfText(name: string): string {
  try {
    return execFileSync('pdftotext', ['-q', '-enc', 'UTF-8', join(fixtures, name), '-'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: 30_000,
    });
  } catch {
    // Damaged fixtures: pdftotext gives up, so there is no text to ask about.
    return '';
  }
}

describe('the text of every fixture PDF', () => {
  it('has fixtures to read', () => {
    expect(pdfs.length).toBeGreaterThan(10);
  });

  it.each(pdfs)(
    '%s gives a well-formed evaluation or the too-short failure',
    { timeout: 30_000 },
    (name) => {
      const text = pdfText(name);
      const words = text.match(/\p{L}{2,}/gu)?.length ?? 0;
      let draft: EvaluationDraft;
      try {
        draft = generateOfflineDraft({ title: name.replace(/\.pdf$/, ''), markdown: '', text });
      } catch (error) {
        expect(error).toBeInstanceOf(GenerationFailure);
        // Forms and tables of figures have no procedure to ask about; else only short texts fail.
        if ((error as Error).message === NO_STEPS) return;
        expect((error as Error).message).toBe(TOO_SHORT);
        expect(words).toBeLessThan(300);
        return;
      }
      expectWellFormed(draft, '', text);
      expect(words).toBeGreaterThanOrEqual(30);
    },
  );
});

describe('a document without procedure steps', () => {
  it('gives a form (160F-2019.pdf) no evaluation, and says why', () => {
    const text = pdfText('160F-2019.pdf');
    expect(text.match(/\p{L}{2,}/gu)?.length ?? 0).toBeGreaterThan(300);
    expect(() => generateOfflineDraft({ title: '160F-2019', markdown: '', text })).toThrow(
      new GenerationFailure(NO_STEPS),
    );
    expect(NO_STEPS).toMatch(/^No procedure steps found/);
  });

  it('takes distractors from statements of the SOP, never headers, page numbers or labels', () => {
    const labelled = [
      '# Cleaning the Slicer',
      'Document no: SOP-31 page : 1/2',
      '## Preparation',
      'Operator name:',
      'Switch the slicer off and unplug it before any cleaning starts.',
      'Set the blade guard to zero and remove the food carriage carefully.',
      '## Cleaning',
      'Date: ____ Shift: ____',
      'Wash every removable part in hot soapy water at the sink.',
      'Wipe the blade from the centre outwards with a folded cloth.',
      'Rinse all parts with clean water and let them air dry fully.',
      '## Reassembly',
      'page : 2/2',
      'Refit the carriage and the guard before plugging the slicer in.',
      'Record the cleaning on the hygiene sheet with your initials.',
      'Report any damaged blade or cracked guard to the supervisor.',
    ].join('\n\n');
    const draft = generateOfflineDraft({ title: 'Slicer', markdown: labelled, text: '' });
    const statementQuestions = draft.questions.filter((question) =>
      /^Which (statement|of these)/.test(question.text),
    );
    expect(statementQuestions.length).toBeGreaterThan(0);
    for (const question of statementQuestions) {
      for (const option of question.options) expect(isStatement(option), option).toBe(true);
    }
    for (const question of draft.questions) {
      expect(question.text).not.toMatch(/page : |Operator name|Shift:/);
    }
  });
});
