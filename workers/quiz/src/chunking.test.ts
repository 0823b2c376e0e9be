import { describe, expect, it } from 'vitest';
import { splitIntoChunks } from './chunking.ts';
import { FOOD_SAFETY_MARKDOWN } from './test-support/sops.ts';

describe('splitIntoChunks', () => {
  it('keeps a short SOP whole', () => {
    expect(splitIntoChunks(FOOD_SAFETY_MARKDOWN, 10_000)).toEqual([FOOD_SAFETY_MARKDOWN.trim()]);
    expect(splitIntoChunks('  \n', 100)).toEqual([]);
  });

  it('splits along sections within the limit and loses no text', () => {
    const chunks = splitIntoChunks(FOOD_SAFETY_MARKDOWN, 600);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(600);
    expect(chunks.some((chunk) => chunk.startsWith('## Cooling'))).toBe(true);
    const words = (text: string) =>
      text
        .replace(/\(continued\)/g, '')
        .split(/\s+/)
        .filter(Boolean);
    expect(new Set(words(chunks.join('\n')))).toEqual(new Set(words(FOOD_SAFETY_MARKDOWN)));
  });

  it('splits an oversized section by paragraph and sentence, repeating its heading', () => {
    const sentence = 'Check the seal of every container before it leaves the line. ';
    const long = `## Packing\n\n${sentence.repeat(40)}\n\n${sentence.repeat(5)}`;
    const chunks = splitIntoChunks(long, 500);
    expect(chunks.length).toBeGreaterThan(4);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(500);
      expect(chunk.startsWith('## Packing')).toBe(true);
    }
  });
});
