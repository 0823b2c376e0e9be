import { parentPort, workerData } from 'node:worker_threads';
import type { SandboxMessage } from '../sandbox/run-in-sandbox.ts';
import { extractDocument, type Extraction, type ExtractionProgress } from './extract-document.ts';

/** What the extraction thread is given. */
export interface ExtractionInput {
  bytes: Uint8Array;
  ocr: boolean;
}

type Message = SandboxMessage<Extraction, ExtractionProgress>;

const post = (message: Message, transfer: ArrayBuffer[] = []) =>
  parentPort!.postMessage(message, transfer);

const input = workerData as ExtractionInput;
try {
  const result = await extractDocument(input.bytes, {
    ocr: input.ocr,
    onProgress: (progress) => post({ type: 'progress', progress }),
  });
  const buffers = [...result.figures, ...result.scans].map((item) => item.png.buffer);
  post({ type: 'result', result }, [...new Set(buffers)] as ArrayBuffer[]);
} catch (error) {
  const { name, message } =
    error instanceof Error ? error : { name: 'Error', message: String(error) };
  post({ type: 'error', name, message });
}
