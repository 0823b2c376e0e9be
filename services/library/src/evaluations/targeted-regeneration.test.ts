import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../../../../workers/pdf/src/extraction/extract-document.ts';
import { toMarkdown } from '../../../../workers/pdf/src/extraction/markdown.ts';
import { joinPages } from '../../../../workers/pdf/src/extraction/structure.ts';
import { generateOfflineDraft } from '../../../../workers/quiz/src/generators/offline/offline-generator.ts';
import { COOLING_SOP, sopPdf } from '../../../gateway/test/sop-pdf.ts';
import { toStoredQuestions } from './evaluation-view.js';
import { reviseQuestions } from './targeted-regeneration.js';

const fixtures = join(import.meta.dirname, '../../../../../shared/fixtures/pdfs');

/** The structured markdown the PDF worker makes of a PDF, as stored for a version. */
async function processed(data: Uint8Array) {
  const extraction = await extractDocument(new Uint8Array(data), { ocr: false, images: true });
  return { markdown: toMarkdown(joinPages(extraction.pages)) };
}

/** One version's stored content and the evaluation the offline generator writes from it. */
async function version(title: string, data: Uint8Array) {
  const content = await processed(data);
  const draft = generateOfflineDraft({ title, markdown: content.markdown, text: content.markdown });
  return { markdown: content.markdown, questions: draft.questions };
}

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('targeted re-evaluation of the cooling SOP', () => {
  let v1: Awaited<ReturnType<typeof version>>;

  beforeAll(async () => {
    v1 = await version('Cooling cooked food', sopPdf(COOLING_SOP));
  }, 60_000);

  it('keeps every question, id and content when nothing the questions quote changed', async () => {
    const previous = toStoredQuestions(v1.questions);
    const revised = reviseQuestions({
      previous,
      generated: v1.questions,
      beforeMarkdown: v1.markdown,
      afterMarkdown: v1.markdown,
    });
    expect(revised).toEqual({ questions: previous, changedIds: [], removed: 0 });
  });

  it('replaces only the questions on the changed step 5; the others keep ids and content', async () => {
    const v2 = await version(
      'Cooling cooked food',
      sopPdf(
        COOLING_SOP.map((line) =>
          line.startsWith('5. ')
            ? '5. Cool the food from 21 °C to 5 °C within a further 3 hours.'
            : line,
        ),
      ),
    );
    const previous = toStoredQuestions(v1.questions);
    const onStep5 = (passage: string) => flat(passage).includes('within a further');
    const stale = previous.filter((question) => onStep5(question.sourcePassage));
    expect(stale.length).toBeGreaterThan(0);

    const revised = reviseQuestions({
      previous,
      generated: v2.questions,
      beforeMarkdown: v1.markdown,
      afterMarkdown: v2.markdown,
    });
    expect(revised.removed).toBe(stale.length);
    const kept = revised.questions.filter((q) => !revised.changedIds.includes(q.id));
    expect(kept).toEqual(previous.filter((question) => !onStep5(question.sourcePassage)));
    const fresh = revised.questions.filter((q) => revised.changedIds.includes(q.id));
    expect(fresh.length).toBeGreaterThan(0);
    for (const question of fresh) {
      expect(flat(question.sourcePassage)).toContain('within a further 3 hours');
      expect(previous.map((old) => old.id)).not.toContain(question.id);
    }

    // Questions an earlier edit removed (up to q40) gave their ids for good: none comes back.
    const afterRemovals = reviseQuestions({
      previous,
      lastQuestionNumber: 40,
      generated: v2.questions,
      beforeMarkdown: v1.markdown,
      afterMarkdown: v2.markdown,
    });
    expect(afterRemovals.changedIds).toEqual(fresh.map((_, index) => `q${41 + index}`));
  });
});

describe('targeted re-evaluation of a real document (fixture)', () => {
  it('drops the questions of an edited passage and of a removed one, keeping the rest', async () => {
    const source = await processed(new Uint8Array(readFileSync(join(fixtures, 'tracemonkey.pdf'))));
    const draft = generateOfflineDraft({
      title: 'Tracing',
      markdown: source.markdown,
      text: source.markdown,
    });
    const previous = toStoredQuestions(draft.questions);
    expect(previous.length).toBeGreaterThanOrEqual(2);
    const lines = source.markdown.split('\n');
    const lineOf = (passage: string) =>
      lines.findIndex((line) => flat(line).includes(flat(passage).slice(0, 40)));
    const located = previous.filter((question) => lineOf(question.sourcePassage) !== -1);
    const edited = located[0]!;
    const removed = located.at(-1)!;
    const editedLine = lineOf(edited.sourcePassage);
    const removedLine = lineOf(removed.sourcePassage);
    expect(editedLine).not.toBe(removedLine);
    lines[editedLine] = `${lines[editedLine]} This sentence is new.`;
    lines.splice(removedLine, 1);

    const revised = reviseQuestions({
      previous,
      generated: [],
      beforeMarkdown: source.markdown,
      afterMarkdown: lines.join('\n'),
    });
    const ids = revised.questions.map((question) => question.id);
    expect(ids).not.toContain(edited.id);
    expect(ids).not.toContain(removed.id);
    // What stays is untouched, and most of the evaluation stays.
    expect(revised.questions).toEqual(previous.filter((question) => ids.includes(question.id)));
    expect(revised.questions.length).toBeGreaterThanOrEqual(previous.length / 2);
    expect(revised.removed).toBe(previous.length - revised.questions.length);
    expect(revised.changedIds).toEqual([]);
  }, 60_000);
});
