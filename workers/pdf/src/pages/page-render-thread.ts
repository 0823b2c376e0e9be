import { parentPort } from 'node:worker_threads';
import { renderPage } from '../extraction/render.ts';
import type { SandboxMessage } from '../sandbox/sandbox-pool.ts';

/** One scanned page for the render thread: the whole PDF, which PDFium opens to draw the page. */
export interface PageRenderInput {
  bytes: Uint8Array;
  page: number;
}

type Message = SandboxMessage<Uint8Array, never>;

const post = (message: Message, transfer: ArrayBuffer[] = []) =>
  parentPort!.postMessage(message, transfer);

async function render(input: PageRenderInput) {
  try {
    const png = await renderPage(input.bytes, input.page);
    post({ type: 'result', result: png }, [png.buffer as ArrayBuffer]);
  } catch (error) {
    const { name, message } =
      error instanceof Error ? error : { name: 'Error', message: String(error) };
    post({ type: 'error', name, message });
  }
}

// The thread lives on between pages (see SandboxPool): one page at a time.
parentPort!.on('message', (input: PageRenderInput) => void render(input));
