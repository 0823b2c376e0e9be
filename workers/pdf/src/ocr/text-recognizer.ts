import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';

const require = createRequire(import.meta.url);
/** English LSTM data shipped in npm, so nothing is downloaded at run time. */
const ENGLISH_DATA = join(
  dirname(require.resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);

/** Below this mean confidence the page is a photo or noise, not text worth keeping. */
const MIN_CONFIDENCE = 40;

export class OcrTimeoutError extends Error {
  override readonly name = 'OcrTimeoutError';
}

/**
 * One tesseract worker for the process, started on first use and reused across pages and
 * documents. A page that fails or runs out of time ends the worker; the next page starts a new one.
 */
export class TextRecognizer {
  private worker: Promise<Worker> | null = null;

  private start(): Promise<Worker> {
    // The OCR engine would otherwise use every core, which slows it down beside other work.
    process.env.OMP_THREAD_LIMIT ??= '1';
    this.worker ??= createWorker('eng', OEM.LSTM_ONLY, {
      langPath: ENGLISH_DATA,
      gzip: true,
      cacheMethod: 'none',
      errorHandler: () => undefined,
    });
    const started = this.worker;
    started.catch(() => {
      if (this.worker === started) this.worker = null;
    });
    return started;
  }

  /** The text of a page image (PNG); rejects with OcrTimeoutError after timeoutMs. */
  async recognize(png: Uint8Array, timeoutMs: number): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new OcrTimeoutError('OCR took too long')), timeoutMs);
    });
    try {
      const worker = await Promise.race([this.start(), timeout]);
      const result = await Promise.race([worker.recognize(Buffer.from(png)), timeout]);
      return result.data.confidence >= MIN_CONFIDENCE ? (result.data.text ?? '') : '';
    } catch (error) {
      await this.stop();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.then((started) => started.terminate()).catch(() => undefined);
  }
}
