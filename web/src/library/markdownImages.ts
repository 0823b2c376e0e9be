import { i18n } from '../i18n/i18n';

/**
 * The worker writes image references into the SOP markdown as `img-3.png`, or `img-3.jpg` for a
 * JPEG kept as the PDF holds it (older documents also `img-3.jpeg`), sometimes under a folder
 * such as `images/img-3.png`. The
 * image itself is fetched by id: GET /api/library/documents/{id}/images/img-3.
 */
const IMAGE_REFERENCE = /(?:^|\/)(img-\d{1,5})\.(?:png|jpe?g)$/i;

/** 'img-3.png' -> 'img-3'; null for anything that is not an extracted image. */
export function imageIdOf(src: string | undefined | null): string | null {
  if (!src) return null;
  const path = src.split(/[?#]/, 1)[0]!.trim();
  const match = IMAGE_REFERENCE.exec(path);
  return match ? match[1]!.toLowerCase() : null;
}

/** A bare reference written as plain text (not already inside image or link syntax). */
const BARE_REFERENCE = /(^|[^\w([/.-])(img-\d{1,5}\.(?:png|jpe?g))(?![\w)\]/-]|\.\w)/gim;

/**
 * Turns bare image references in the text ('See img-3.png') into markdown images, so that
 * they render as pictures as well; references already written as `![..](img-3.png)` are kept.
 */
export function linkBareImageReferences(markdown: string): string {
  return markdown.replace(BARE_REFERENCE, (_whole, before: string, name: string) => {
    return `${before}![${name}](${name})`;
  });
}

/**
 * Image requests are spaced out (spec section 7: 100 ms apart): each call answers a promise
 * that resolves `gapMs` after the previous one's slot.
 */
export function createStagger(gapMs: number, now: () => number = Date.now) {
  let nextSlot = 0;
  return function wait(): Promise<void> {
    const current = now();
    const slot = Math.max(current, nextSlot);
    nextSlot = slot + gapMs;
    const delay = slot - current;
    return delay <= 0 ? Promise.resolve() : new Promise((done) => setTimeout(done, delay));
  };
}

/** The alt text of an image that could not be shown (spec section 8). */
export function imageFailureText(reference: string, networkError: boolean): string {
  return networkError
    ? i18n.t('library.viewer.imageNetworkError')
    : i18n.t('library.viewer.imageFailed', { reference });
}
