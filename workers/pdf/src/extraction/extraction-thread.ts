import { parentPort } from 'node:worker_threads';
import type { SandboxMessage } from '../sandbox/sandbox-pool.ts';
import {
  extractDocument,
  type Extraction,
  type ExtractionOptions,
  type ExtractionProgress,
} from './extract-document.ts';

/** One document for the extraction thread. */
export interface ExtractionInput extends Omit<ExtractionOptions, 'onProgress'> {
  bytes: Uint8Array;
}

type Message = SandboxMessage<Extraction, ExtractionProgress>;

const post = (message: Message, transfer: ArrayBuffer[] = []) =>
  parentPort!.postMessage(message, transfer);

async function extract(input: ExtractionInput) {
  try {
    const result = await extractDocument(input.bytes, {
      ocr: input.ocr,
      images: input.images,
      onProgress: (progress) => post({ type: 'progress', progress }),
    });
    const buffers = result.figures.map((figure) => figure.bytes.buffer);
    post({ type: 'result', result }, [...new Set(buffers)] as ArrayBuffer[]);
  } catch (error) {
    const { name, message } =
      error instanceof Error ? error : { name: 'Error', message: String(error) };
    post({ type: 'error', name, message });
  }
}

// The thread lives on between documents (see SandboxPool): one document at a time.
parentPort!.on('message', (input: ExtractionInput) => void extract(input));
