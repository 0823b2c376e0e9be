import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { openExtractionThreads } from '../pdf-worker.ts';
import { SandboxFailure } from '../sandbox/sandbox-pool.ts';
import type { FigureFormat } from './blocks.ts';
import { toMarkdown } from './markdown.ts';
import { joinPages } from './structure.ts';

// The shared fixture corpus sits beside the repository; machines without it skip this file.
const corpus = fileURLToPath(new URL('../../../../../shared/fixtures/pdfs', import.meta.url));
/** Written with UPDATE_FIXTURE_CORPUS=1, only when a change of the markdown is intended. */
const snapshotOf = (name: string) =>
  fileURLToPath(new URL(`./__snapshots__/${name}.json`, import.meta.url));

/** What a document came out as: its markdown and figures, or the reason it was refused. */
type Outcome =
  | {
      pageCount: number;
      markdown: string;
      figures: {
        imageNumber: number;
        page: number;
        width: number;
        height: number;
        /** A PNG figure's pixels. */
        pixels?: string;
        /** A JPEG figure's bytes, and whether they are found as they are in the PDF file. */
        jpeg?: string;
        jpegAsInFile?: boolean;
      }[];
    }
  | { error: string };

const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

/**
 * PNG figures are compared by their pixels, so a different PNG encoder does not count as a
 * change; JPEG figures, kept as the file holds them, by their bytes.
 */
function figureDigest(format: FigureFormat, bytes: Uint8Array, file: Buffer) {
  if (format === 'png') return { pixels: digest(PNG.sync.read(Buffer.from(bytes)).data) };
  return { jpeg: digest(bytes), jpegAsInFile: file.includes(Buffer.from(bytes)) };
}

// Read as the job handler reads documents: in its pool of threads, two at a time.
const threads = openExtractionThreads(2, { timeoutMs: 300_000, memoryMb: 512 });

async function outcomeOf(bytes: Uint8Array, images: boolean): Promise<Outcome> {
  const file = Buffer.from(bytes); // a copy: the bytes move to the thread
  try {
    const extraction = await threads.run({
      input: { bytes, ocr: false, images },
      transfer: [bytes.buffer as ArrayBuffer],
    });
    return {
      pageCount: extraction.pageCount,
      markdown: toMarkdown(joinPages(extraction.pages)),
      figures: extraction.figures.map(({ imageNumber, page, width, height, format, bytes }) => ({
        imageNumber,
        page,
        width,
        height,
        ...figureDigest(format, bytes, file),
      })),
    };
  } catch (error) {
    // The thread reports what pdf.js threw as the failure's error name and message.
    if (error instanceof SandboxFailure) return { error: `${error.errorName}: ${error.message}` };
    return { error: String(error) };
  }
}

async function corpusOutcomes(images: boolean) {
  const names = readdirSync(corpus)
    .filter((name) => name.endsWith('.pdf'))
    .sort();
  const read = (name: string) => new Uint8Array(readFileSync(path.join(corpus, name)));
  const results = await Promise.all(names.map((name) => outcomeOf(read(name), images)));
  return Object.fromEntries(names.map((name, index) => [name, results[index]]));
}

function expectSnapshot(outcomes: Record<string, Outcome | undefined>, name: string) {
  if (process.env.UPDATE_FIXTURE_CORPUS === '1') {
    writeFileSync(snapshotOf(name), `${JSON.stringify(outcomes, null, 2)}\n`);
  }
  // Compared as data, so reformatting the file (the format check's oxfmt) is no change.
  expect(outcomes).toEqual(JSON.parse(readFileSync(snapshotOf(name), 'utf8')));
}

describe.skipIf(!existsSync(corpus))('the markdown of the fixture corpus', () => {
  afterAll(() => threads.close());

  it('is what it was before extraction was made faster', { timeout: 600_000 }, async () => {
    expectSnapshot(await corpusOutcomes(true), 'fixture-corpus');
  });

  it(
    'read as text only, is what it was before that path was made faster',
    { timeout: 600_000 },
    async () => {
      expectSnapshot(await corpusOutcomes(false), 'fixture-corpus-text');
    },
  );
});
