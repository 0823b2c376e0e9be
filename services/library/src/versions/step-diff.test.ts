import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../../../../workers/pdf/src/extraction/extract-document.ts';
import { toMarkdown } from '../../../../workers/pdf/src/extraction/markdown.ts';
import { joinPages } from '../../../../workers/pdf/src/extraction/structure.ts';
import { sopPdf } from '../../../gateway/test/sop-pdf.ts';
import { diffSop, diffWords, parseSopMarkdown } from './step-diff.js';

const fixtures = join(import.meta.dirname, '../../../../../shared/fixtures/pdfs');

/** The structured markdown the PDF worker makes of a PDF, as stored for a version. */
async function markdownOfPdf(data: Uint8Array): Promise<string> {
  const extraction = await extractDocument(new Uint8Array(data), { ocr: false, images: true });
  return toMarkdown(joinPages(extraction.pages));
}

/** The structured markdown the PDF worker makes of a fixture. */
const markdownOf = (name: string) => markdownOfPdf(readFileSync(join(fixtures, name)));

/** The structured markdown the PDF worker makes of an SOP PDF with these lines (see `sopPdf`). */
const sopMarkdown = (lines: string[]) => markdownOfPdf(sopPdf(lines));

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

/*
 * Real SOP revisions: version 1 and version 2 of a procedure, each made into a PDF by the tests'
 * SOP generator and into structured markdown by the PDF worker's extraction, then compared.
 * `sopPdf` writes one PDF line per entry and does not wrap, so a paragraph longer than the
 * measure is written as two lines (as a word processor would wrap it): the widest line of each
 * page is the worker's right margin, and every other line stays inside it in both versions.
 */

/** A lockout/tagout procedure, as issued. */
const LOTO_V1 = [
  '# Lockout/Tagout: Case Packer, Line 3',
  'Document LOTO-PK3-007. Applies to the case packer and its infeed conveyor.',
  'Purpose: isolate every energy source before the machine is cleared or serviced.',
  'Scope: maintenance technicians and line operators who are trained and authorised for lockout',
  'and tagout on Line 3. Contractors work under the permit-to-work procedure PTW-002.',
  '# Energy sources',
  'Electrical: 480 V main disconnect DS-31 on the east wall.',
  'Pneumatic: 6 bar air supply, isolation valve PV-12 behind the infeed guard.',
  'Gravity: the raised case magazine, held up by the lift cylinder.',
  '# Preparing for shutdown',
  '1. Notify the line leader and all affected operators that Line 3 will be locked out.',
  '2. Collect a personal lock, a danger tag and a lockout hasp from the LOTO station.',
  '# Shutting down and isolating',
  '3. Stop the case packer with the normal stop button on the operator panel.',
  '4. Open the main disconnect DS-31 and confirm the handle is in the OFF position.',
  '5. Close the air isolation valve PV-12.',
  '6. Lower the case magazine to its bottom stop or block it with the red safety prop.',
  '7. Fit the hasp to DS-31 and attach your personal lock and tag.',
  '# Verifying isolation',
  '8. Press the start button on the operator panel to confirm the machine does not start.',
  '9. Check that the air pressure gauge on the manifold reads 0 bar.',
  '10. Test for voltage at the motor terminals with a rated meter.',
  'WARNING: The emergency stop does not isolate stored energy. Never rely on it alone.',
  '# Returning the machine to service',
  '11. Remove all tools and refit every guard.',
  '12. Tell the affected operators that the machine is about to restart.',
  '13. Remove your lock and tag, close DS-31 and open PV-12.',
  'NOTE: Only the person who applied a lock may remove it.',
];

/**
 * Revision 2, after a near miss: the magazine is lowered while the machine still has power
 * (moved from step 6 to step 3), the air is bled through a dump valve (step 5 reworded, the gauge
 * check of step 9 folded into it and removed), the selector goes back to OFF after the start test
 * (a step added), the warning names the compressed air (and now wraps onto a second line), and
 * the last section is renamed.
 */
const LOTO_V2 = [
  '# Lockout/Tagout: Case Packer, Line 3',
  'Document LOTO-PK3-007. Applies to the case packer and its infeed conveyor.',
  'Purpose: isolate every energy source before the machine is cleared or serviced.',
  'Scope: maintenance technicians and line operators who are trained and authorised for lockout',
  'and tagout on Line 3. Contractors work under the permit-to-work procedure PTW-002.',
  '# Energy sources',
  'Electrical: 480 V main disconnect DS-31 on the east wall.',
  'Pneumatic: 6 bar air supply, isolation valve PV-12 behind the infeed guard.',
  'Gravity: the raised case magazine, held up by the lift cylinder.',
  '# Preparing for shutdown',
  '1. Notify the line leader and all affected operators that Line 3 will be locked out.',
  '2. Collect a personal lock, a danger tag and a lockout hasp from the LOTO station.',
  '# Shutting down and isolating',
  '3. Lower the case magazine to its bottom stop or block it with the red safety prop.',
  '4. Stop the case packer with the normal stop button on the operator panel.',
  '5. Open the main disconnect DS-31 and confirm the handle is in the OFF position.',
  '6. Close the air isolation valve PV-12 and open dump valve DV-12 to bleed the air to 0 bar.',
  '7. Fit the hasp to DS-31 and attach your personal lock and tag.',
  '# Verifying isolation',
  '8. Press the start button on the operator panel to confirm the machine does not start.',
  '9. Return the operator panel selector to OFF after the start test.',
  '10. Test for voltage at the motor terminals with a rated meter.',
  'WARNING: The emergency stop does not isolate stored energy or compressed air. Never rely',
  'on it alone.',
  '# Returning the case packer to service',
  '11. Remove all tools and refit every guard.',
  '12. Tell the affected operators that the machine is about to restart.',
  '13. Remove your lock and tag, close DS-31 and open PV-12.',
  'NOTE: Only the person who applied a lock may remove it.',
];

/** A food-line cooling and sanitation procedure, as issued. */
const COOK_CHILL_V1 = [
  '# Cook-Chill Line 2: Cooling and Sanitation',
  'Document FS-CC2-014. Applies to the tumble chiller and the sauce filling line.',
  'Purpose: cool cooked sauces safely and leave the line clean and sanitised.',
  'Scope: cooks, hygiene operatives and shift leaders who work on Line 2, including agency staff on',
  'the night shift. Cleaning chemicals are handled by trained hygiene operatives only.',
  '# Protective equipment',
  'Wear a face shield, nitrile gloves and an apron when handling cleaning chemicals.',
  '# Cooling the batch',
  '1. Pump the cooked sauce into casings at 85 °C or above.',
  '2. Load the casings into the tumble chiller within 15 minutes of filling.',
  '3. Chill until the core temperature is below 5 °C, within 90 minutes.',
  '4. Record the start and end core temperatures in the cooling log.',
  '5. Move the chilled casings to the cold store at 0 to 3 °C.',
  '# Cleaning the line',
  '6. Disconnect the filler from the kettle and remove the filler nozzles.',
  '7. Rinse all product contact surfaces with warm water at 45 to 55 °C.',
  '8. Apply the alkaline foam cleaner at 2 % and leave it for 10 minutes.',
  '9. Scrub the nozzles and valve seats with a brush, then rinse until no foam remains.',
  '# Sanitising',
  '10. Spray all product contact surfaces with peracetic acid sanitiser at 200 ppm.',
  '11. Leave the sanitiser in contact for at least 5 minutes. Do not rinse.',
  '12. Check the sanitiser strength with a test strip and record it on the sanitation sheet.',
  'WARNING: Never mix chlorinated cleaner with acid sanitiser; it releases toxic gas.',
  '# Pre-operational check',
  '13. Inspect the line with a torch for product residue before the next shift.',
  '14. Swab two contact surfaces for ATP and record the readings.',
  'NOTE: If an ATP reading is above 150 RLU, clean and sanitise that surface again.',
];

/**
 * Revision 2, after an audit: a colder chill target (step 3), the cold-store step moved to the
 * storage SOP (step 5 removed), hopper scraping added before the rinse, the sanitiser strength
 * checked before spraying (step 12 moved up to 10), the warning extended to descaler, and the
 * last section renamed.
 */
const COOK_CHILL_V2 = [
  '# Cook-Chill Line 2: Cooling and Sanitation',
  'Document FS-CC2-014. Applies to the tumble chiller and the sauce filling line.',
  'Purpose: cool cooked sauces safely and leave the line clean and sanitised.',
  'Scope: cooks, hygiene operatives and shift leaders who work on Line 2, including agency staff on',
  'the night shift. Cleaning chemicals are handled by trained hygiene operatives only.',
  '# Protective equipment',
  'Wear a face shield, nitrile gloves and an apron when handling cleaning chemicals.',
  '# Cooling the batch',
  '1. Pump the cooked sauce into casings at 85 °C or above.',
  '2. Load the casings into the tumble chiller within 15 minutes of filling.',
  '3. Chill until the core temperature is below 3 °C, within 90 minutes.',
  '4. Record the start and end core temperatures in the cooling log.',
  '# Cleaning the line',
  '5. Disconnect the filler from the kettle and remove the filler nozzles.',
  '6. Scrape product residue out of the hopper by hand before rinsing.',
  '7. Rinse all product contact surfaces with warm water at 45 to 55 °C.',
  '8. Apply the alkaline foam cleaner at 2 % and leave it for 10 minutes.',
  '9. Scrub the nozzles and valve seats with a brush, then rinse until no foam remains.',
  '# Sanitising',
  '10. Check the sanitiser strength with a test strip and record it on the sanitation sheet.',
  '11. Spray all product contact surfaces with peracetic acid sanitiser at 200 ppm.',
  '12. Leave the sanitiser in contact for at least 5 minutes. Do not rinse.',
  'WARNING: Never mix chlorinated cleaner with acid sanitiser or descaler; it releases chlorine gas.',
  '# Pre-operational inspection',
  '13. Inspect the line with a torch for product residue before the next shift.',
  '14. Swab two contact surfaces for ATP and record the readings.',
  'NOTE: If an ATP reading is above 150 RLU, clean and sanitise that surface again.',
];

type Diff = ReturnType<typeof diffSop>;
const edits = (diff: Diff) => diff.changes.filter((entry) => entry.status !== 'unchanged');
const entryAfter = (diff: Diff, start: string) =>
  diff.changes.find((entry) => entry.after?.startsWith(start));

describe('step diff on a lockout/tagout SOP revision (worker extraction of both PDFs)', () => {
  let v1: string;
  let v2: string;

  beforeAll(async () => {
    v1 = await sopMarkdown(LOTO_V1);
    v2 = await sopMarkdown(LOTO_V2);
  }, 60_000);

  it('reads every heading and numbered step of the SOP', () => {
    const blocks = parseSopMarkdown(v1);
    expect(blocks.filter((block) => block.kind === 'heading')).toHaveLength(6);
    const steps = blocks.filter((block) => block.kind === 'step');
    expect(steps.map((step) => step.display.split('.')[0])).toEqual(
      Array.from({ length: 13 }, (_, i) => String(i + 1)),
    );
    expect(steps[4]).toMatchObject({
      display: '5. Close the air isolation valve PV-12.',
      section: 'Shutting down and isolating',
    });
  });

  it('finds no change in an unchanged re-upload of the same SOP', async () => {
    const again = await sopMarkdown([...LOTO_V1]);
    const diff = diffSop(v1, again);
    expect(diff.summary).toEqual({
      added: 0,
      removed: 0,
      changed: 0,
      unchanged: parseSopMarkdown(v1).length,
    });
    expect(edits(diff)).toEqual([]);
  });

  it('reports the moved, reworded, removed and added steps, the warning and the renamed heading', () => {
    const diff = diffSop(v1, v2);
    expect(edits(diff)).toEqual([
      // The moved step: added where it now is, removed where it was.
      {
        kind: 'step',
        status: 'added',
        section: 'Shutting down and isolating',
        before: null,
        after:
          '3. Lower the case magazine to its bottom stop or block it with the red safety prop.',
        words: null,
      },
      {
        kind: 'step',
        status: 'changed',
        section: 'Shutting down and isolating',
        before: '5. Close the air isolation valve PV-12.',
        after:
          '6. Close the air isolation valve PV-12 and open dump valve DV-12 to bleed the air to 0 bar.',
        // Renumbered from 5 to 6 as well, but the number is not a changed word.
        words: [
          { change: 'same', text: '6. Close the air isolation valve' },
          { change: 'removed', text: 'PV-12.' },
          { change: 'added', text: 'PV-12 and open dump valve DV-12 to bleed the air to 0 bar.' },
        ],
      },
      {
        kind: 'step',
        status: 'removed',
        section: 'Shutting down and isolating',
        before:
          '6. Lower the case magazine to its bottom stop or block it with the red safety prop.',
        after: null,
        words: null,
      },
      // A step removed and another added in its place, sharing few words: not one changed step.
      {
        kind: 'step',
        status: 'removed',
        section: 'Verifying isolation',
        before: '9. Check that the air pressure gauge on the manifold reads 0 bar.',
        after: null,
        words: null,
      },
      {
        kind: 'step',
        status: 'added',
        section: 'Verifying isolation',
        before: null,
        after: '9. Return the operator panel selector to OFF after the start test.',
        words: null,
      },
      {
        kind: 'text',
        status: 'changed',
        section: 'Verifying isolation',
        before:
          'WARNING: The emergency stop does not isolate stored energy. Never rely on it alone.',
        after:
          'WARNING: The emergency stop does not isolate stored energy or compressed air. Never rely on it alone.',
        words: [
          { change: 'same', text: 'WARNING: The emergency stop does not isolate stored' },
          { change: 'removed', text: 'energy.' },
          { change: 'added', text: 'energy or compressed air.' },
          { change: 'same', text: 'Never rely on it alone.' },
        ],
      },
      {
        kind: 'heading',
        status: 'changed',
        section: null,
        before: 'Returning the machine to service',
        after: 'Returning the case packer to service',
        words: [
          { change: 'same', text: 'Returning the' },
          { change: 'removed', text: 'machine' },
          { change: 'added', text: 'case packer' },
          { change: 'same', text: 'to service' },
        ],
      },
    ]);
    expect(diff.summary).toEqual({
      added: 2,
      removed: 2,
      changed: 3,
      unchanged: parseSopMarkdown(v2).length - 5,
    });
    // The steps under the renamed heading are unchanged, and sit under its new name.
    expect(entryAfter(diff, '11. Remove all tools')).toMatchObject({
      status: 'unchanged',
      section: 'Returning the case packer to service',
    });
  });

  it('reports the same revision the other way round when comparing version 2 with version 1', () => {
    const diff = diffSop(v2, v1);
    expect(diff.summary).toMatchObject({ added: 2, removed: 2, changed: 3 });
    const step = diff.changes.find((entry) => entry.status === 'changed' && entry.kind === 'step');
    expect(step!.words).toEqual([
      { change: 'same', text: '5. Close the air isolation valve' },
      { change: 'removed', text: 'PV-12 and open dump valve DV-12 to bleed the air to 0 bar.' },
      { change: 'added', text: 'PV-12.' },
    ]);
  });
});

describe('step diff on a cook-chill cooling and sanitation SOP revision', () => {
  let v1: string;
  let v2: string;

  beforeAll(async () => {
    v1 = await sopMarkdown(COOK_CHILL_V1);
    v2 = await sopMarkdown(COOK_CHILL_V2);
  }, 60_000);

  it('reads every heading and numbered step of the SOP', () => {
    const blocks = parseSopMarkdown(v1);
    expect(
      blocks.filter((block) => block.kind === 'heading').map((block) => block.display),
    ).toEqual([
      'Cook-Chill Line 2: Cooling and Sanitation',
      'Protective equipment',
      'Cooling the batch',
      'Cleaning the line',
      'Sanitising',
      'Pre-operational check',
    ]);
    expect(blocks.filter((block) => block.kind === 'step')).toHaveLength(14);
  });

  it('finds no change in an unchanged re-upload of the same SOP', async () => {
    const diff = diffSop(v1, await sopMarkdown([...COOK_CHILL_V1]));
    expect(diff.summary).toMatchObject({ added: 0, removed: 0, changed: 0 });
    expect(diff.summary.unchanged).toBe(parseSopMarkdown(v1).length);
  });

  it('reports the new limit, the removed, added and moved steps, the warning and the heading', () => {
    const diff = diffSop(v1, v2);
    expect(edits(diff)).toEqual([
      {
        kind: 'step',
        status: 'changed',
        section: 'Cooling the batch',
        before: '3. Chill until the core temperature is below 5 °C, within 90 minutes.',
        after: '3. Chill until the core temperature is below 3 °C, within 90 minutes.',
        words: [
          { change: 'same', text: '3. Chill until the core temperature is below' },
          { change: 'removed', text: '5' },
          { change: 'added', text: '3' },
          { change: 'same', text: '°C, within 90 minutes.' },
        ],
      },
      {
        kind: 'step',
        status: 'removed',
        section: 'Cooling the batch',
        before: '5. Move the chilled casings to the cold store at 0 to 3 °C.',
        after: null,
        words: null,
      },
      {
        kind: 'step',
        status: 'added',
        section: 'Cleaning the line',
        before: null,
        after: '6. Scrape product residue out of the hopper by hand before rinsing.',
        words: null,
      },
      // The moved step: added where it now is, removed where it was.
      {
        kind: 'step',
        status: 'added',
        section: 'Sanitising',
        before: null,
        after:
          '10. Check the sanitiser strength with a test strip and record it on the sanitation sheet.',
        words: null,
      },
      {
        kind: 'step',
        status: 'removed',
        section: 'Sanitising',
        before:
          '12. Check the sanitiser strength with a test strip and record it on the sanitation sheet.',
        after: null,
        words: null,
      },
      {
        kind: 'text',
        status: 'changed',
        section: 'Sanitising',
        before:
          'WARNING: Never mix chlorinated cleaner with acid sanitiser; it releases toxic gas.',
        after:
          'WARNING: Never mix chlorinated cleaner with acid sanitiser or descaler; it releases chlorine gas.',
        words: [
          { change: 'same', text: 'WARNING: Never mix chlorinated cleaner with acid' },
          { change: 'removed', text: 'sanitiser;' },
          { change: 'added', text: 'sanitiser or descaler;' },
          { change: 'same', text: 'it releases' },
          { change: 'removed', text: 'toxic' },
          { change: 'added', text: 'chlorine' },
          { change: 'same', text: 'gas.' },
        ],
      },
      {
        kind: 'heading',
        status: 'changed',
        section: null,
        before: 'Pre-operational check',
        after: 'Pre-operational inspection',
        words: [
          { change: 'same', text: 'Pre-operational' },
          { change: 'removed', text: 'check' },
          { change: 'added', text: 'inspection' },
        ],
      },
    ]);
    expect(diff.summary).toEqual({
      added: 2,
      removed: 2,
      changed: 3,
      unchanged: parseSopMarkdown(v2).length - 5,
    });
    // Steps renumbered by the removal above them are unchanged.
    expect(entryAfter(diff, '5. Disconnect the filler')).toMatchObject({
      status: 'unchanged',
      before: '6. Disconnect the filler from the kettle and remove the filler nozzles.',
    });
    expect(entryAfter(diff, '13. Inspect the line')).toMatchObject({
      status: 'unchanged',
      section: 'Pre-operational inspection',
    });
  });
});
