import { parentPort } from 'node:worker_threads';
import { extractDocument } from '../extraction/extract-document.ts';
import { pdfium, type PdfiumExports } from '../extraction/pdfium.ts';
import type { SandboxMessage } from '../sandbox/sandbox-pool.ts';

/** What the instance test reads of a document: its text, and which PDFium instance read it. */
export interface InstanceTestResult {
  text: string;
  /** 1 for the thread's first PDFium instance, 2 for the one loaded after it was dropped, ... */
  instance: number;
}

const numbers = new WeakMap<PdfiumExports, number>();
let loaded = 0;

// The extraction thread's work, answered with the number of the instance that did it.
parentPort!.on('message', async (bytes: Uint8Array) => {
  let message: SandboxMessage<InstanceTestResult, never>;
  try {
    const extraction = await extractDocument(bytes, { ocr: false, images: true });
    const fpdf = await pdfium();
    if (!numbers.has(fpdf)) numbers.set(fpdf, ++loaded);
    const text = extraction.pages.flat().map((block) => ('text' in block ? block.text : ''));
    message = { type: 'result', result: { text: text.join(' '), instance: numbers.get(fpdf)! } };
  } catch (error) {
    const { name, message: text } = error as Error;
    message = { type: 'error', name, message: text };
  }
  parentPort!.postMessage(message);
});
