import type { Block } from '../extraction/blocks.ts';
import { joinWrapped } from '../extraction/structure.ts';

/** Tesseract's text of a page as paragraphs: blank lines separate them, wrapped lines join. */
export function ocrParagraphs(text: string): Block[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.replace(/\s+/g, ' ').trim())
        .filter((line) => line !== '')
        .reduce(joinWrapped, ''),
    )
    .filter((paragraph) => /[\p{L}\p{N}]/u.test(paragraph))
    .map((paragraph) => ({ kind: 'paragraph', text: paragraph }));
}
