import { TextRecognizer } from './text-recognizer.ts';

/** What the page jobs need of OCR: a page image's text within a time limit. */
export interface PageRecognizer {
  recognize(png: Uint8Array, timeoutMs: number): Promise<string>;
  stop(): Promise<void>;
}

/**
 * One tesseract worker per page read at once: a single one reads one page at a time, so page
 * jobs running side by side would wait for each other. Each starts on first use (see
 * TextRecognizer), so a pool larger than the work costs nothing.
 */
export class RecognizerPool implements PageRecognizer {
  private readonly all: TextRecognizer[];
  private readonly idle: TextRecognizer[];
  private readonly waiting: ((recognizer: TextRecognizer) => void)[] = [];

  constructor(size: number) {
    this.all = Array.from({ length: Math.max(1, size) }, () => new TextRecognizer());
    this.idle = [...this.all];
  }

  async recognize(png: Uint8Array, timeoutMs: number): Promise<string> {
    const recognizer =
      this.idle.pop() ?? (await new Promise<TextRecognizer>((take) => this.waiting.push(take)));
    try {
      return await recognizer.recognize(png, timeoutMs);
    } finally {
      const next = this.waiting.shift();
      if (next) next(recognizer);
      else this.idle.push(recognizer);
    }
  }

  async stop(): Promise<void> {
    await Promise.all(this.all.map((recognizer) => recognizer.stop()));
  }
}
