import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../../../../workers/pdf/src/extraction/extract-document.ts';
import { toMarkdown } from '../../../../workers/pdf/src/extraction/markdown.ts';
import { joinPages } from '../../../../workers/pdf/src/extraction/structure.ts';
import { diffSop, diffWords, parseSopMarkdown } from './step-diff.js';

const fixtures = join(import.meta.dirname, '../../../../../shared/fixtures/pdfs');

/** The structured markdown the PDF worker makes of a fixture, as stored for a version. */
async function markdownOf(name: string): Promise<string> {
  const extraction = await extractDocument(new Uint8Array(readFileSync(join(fixtures, name))), {
    ocr: false,
  });
  return toMarkdown(joinPages(extraction.pages));
}

/** Edits one line of the markdown, failing loudly if the line is not there. */
function edit(markdown: string, find: RegExp, replace: (line: string) => string | null): string {
  const lines = markdown.split('\n');
  const index = lines.findIndex((line) => find.test(line));
  if (index === -1) throw new Error(`No line matches ${String(find)}`);
  const next = replace(lines[index]!);
  if (next === null) lines.splice(index, 1);
  else lines[index] = next;
  return lines.join('\n');
}

describe('step diff on the research paper (bullet steps, headings)', () => {
  let original: string;

  beforeAll(async () => {
    original = await markdownOf('tracemonkey.pdf');
    // Extraction of a 14-page paper: generous under a loaded CI machine.
  }, 120_000);

  it('finds nothing changed between a version and itself', () => {
    const diff = diffSop(original, original);
    expect(diff.summary).toMatchObject({ added: 0, removed: 0, changed: 0 });
    expect(diff.summary.unchanged).toBe(parseSopMarkdown(original).length);
    expect(diff.summary.unchanged).toBeGreaterThan(100);
  });

  it('reports a changed, a removed and an added step and a renamed heading, nothing else', () => {
    let edited = edit(original, /^- We validate our tracing techniques/, (line) =>
      line.replace('2x-20x speedups', '3x-25x speedups'),
    );
    edited = edit(edited, /^- We explain how to speculatively generate/, () => null);
    edited = edit(edited, /^- Dead code elimination\./, (line) =>
      [line, '- Dead branch elimination. Branches never taken are removed from the trace.'].join(
        '\n',
      ),
    );
    edited = edit(
      edited,
      /^# Trace-based Just-in-Time/,
      () => '# Trace-based JIT Type Specialization for Dynamic Languages',
    );
    const diff = diffSop(original, edited);
    expect(diff.summary).toMatchObject({ added: 1, removed: 1, changed: 2 });

    const changed = diff.changes.filter((entry) => entry.status === 'changed');
    const step = changed.find((entry) => entry.kind === 'step')!;
    expect(step.before).toContain('2x-20x speedups');
    expect(step.after).toContain('3x-25x speedups');
    expect(step.words!.filter((word) => word.change !== 'same')).toEqual([
      { change: 'removed', text: '2x-20x' },
      { change: 'added', text: '3x-25x' },
    ]);
    const heading = changed.find((entry) => entry.kind === 'heading')!;
    expect(heading.words!.filter((word) => word.change !== 'same')).toEqual([
      { change: 'removed', text: 'Just-in-Time' },
      { change: 'added', text: 'JIT' },
    ]);

    const removed = diff.changes.find((entry) => entry.status === 'removed')!;
    expect(removed).toMatchObject({ kind: 'step', after: null });
    expect(removed.before).toMatch(/^• We explain how to speculatively generate/);
    const added = diff.changes.find((entry) => entry.status === 'added')!;
    expect(added).toMatchObject({
      kind: 'step',
      before: null,
      after: '• Dead branch elimination. Branches never taken are removed from the trace.',
    });
    expect(added.section).not.toBeNull();
  });
});

describe('step diff on the numbered form', () => {
  it('ignores renumbering after a removed step, and marks the removal', async () => {
    const original = await markdownOf('160F-2019.pdf');
    const numbered = original.split('\n').filter((line) => /^\d+\\?\)\s/.test(line));
    expect(numbered.length).toBeGreaterThanOrEqual(6);
    // Remove note 4) and number the notes after it one lower, as an author would.
    let edited = edit(original, /^4\\?\) Part de l'assuré/, () => null);
    for (const n of [5, 6]) {
      edited = edit(edited, new RegExp(`^${n}\\\\?\\) `), (line) =>
        line.replace(new RegExp(`^${n}`), String(n - 1)),
      );
    }
    const diff = diffSop(original, edited);
    expect(diff.summary).toMatchObject({ added: 0, removed: 1, changed: 0 });
    expect(diff.changes.find((entry) => entry.status === 'removed')!.before).toMatch(
      /^4\. Part de l'assuré/,
    );
  }, 60_000);
});

describe('diffWords', () => {
  it('marks runs of removed and added words between the kept ones', () => {
    expect(
      diffWords(
        'Cool the food from 63 °C to 21 °C within 2 hours.',
        'Cool the food from 63 °C to 21 °C within 90 minutes.',
      ),
    ).toEqual([
      { change: 'same', text: 'Cool the food from 63 °C to 21 °C within' },
      { change: 'removed', text: '2 hours.' },
      { change: 'added', text: '90 minutes.' },
    ]);
  });
});
