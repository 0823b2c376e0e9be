import { PDFWorker } from 'pdfjs-dist/legacy/build/pdf.mjs';

type Listener = (this: InThreadPort, event: { data: unknown }) => void;

/** What pdf.js's worker side offers to be set up on a port (its `WorkerMessageHandler`). */
interface WorkerSide {
  initializeFromPort(port: InThreadPort): void;
}

/** A plain object: not an array, a typed array or another class's instance, kept as they are. */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null);

/**
 * A chunk of a stream as it may be handed over. Its sender reuses the chunk object (a text
 * chunk's `items` are replaced by a new array for the next chunk) and empties an operator-list
 * chunk's two arrays right after posting, so both levels are copied; the items themselves are
 * not changed once posted.
 */
function chunkCopy(chunk: Record<string, unknown>): Record<string, unknown> {
  const { fnArray, argsArray } = chunk;
  if (!Array.isArray(fnArray) || !Array.isArray(argsArray)) return { ...chunk };
  return { ...chunk, fnArray: fnArray.slice(), argsArray: argsArray.slice() };
}

/**
 * A message as it may be handed over without a deep copy. pdf.js's own in-thread port
 * structured-clones every message, which cost more than a tenth of an extraction's CPU (text
 * chunks, and every page's operator list with each glyph of each string shown). Nothing but a
 * stream's chunk is touched by its sender once posted.
 */
function handedOver(message: unknown): unknown {
  if (!isRecord(message) || !isRecord(message.chunk)) return message;
  return { ...message, chunk: chunkCopy(message.chunk) };
}

/**
 * The channel between pdf.js's API and its worker side when both run in this thread: pdf.js's
 * `LoopbackPort` without its structured clone. As there, one port serves both sides (each
 * ignores the messages addressed to the other) and a message arrives on a later microtask.
 */
export class InThreadPort {
  private readonly listeners = new Set<Listener>();
  private readonly later: Promise<void> = Promise.resolve();

  /** The transfer list is ignored: the buffers stay in this thread, and their sender is done. */
  postMessage(message: unknown, _transfer?: readonly unknown[]): void {
    const event = { data: handedOver(message) };
    // Microtasks run in the order queued, so messages arrive in the order posted.
    void this.later.then(() => {
      for (const listener of [...this.listeners]) listener.call(this, event);
    });
  }

  /** pdf.js stops listening by aborting the signal it passed. */
  addEventListener(_type: string, listener: Listener, options?: { signal?: AbortSignal }): void {
    const signal = options?.signal;
    if (signal?.aborted) return;
    this.listeners.add(listener);
    signal?.addEventListener('abort', () => this.listeners.delete(listener), { once: true });
  }

  removeEventListener(_type: string, listener: Listener): void {
    this.listeners.delete(listener);
  }

  terminate(): void {
    this.listeners.clear();
  }
}

/**
 * A pdf.js worker whose worker side runs in this thread on an InThreadPort. pdf.js leaves a worker
 * it was given open when its document is destroyed: the caller destroys it.
 */
export async function inThreadWorker(): Promise<PDFWorker> {
  // The worker side pdf.js itself would load for its in-thread ("fake") worker.
  const workerSide = (await PDFWorker._setupFakeWorkerGlobal) as WorkerSide;
  const port = new InThreadPort();
  // pdf.js types the port as a web Worker; it only posts to it and listens on it.
  const worker = new PDFWorker({ port: port as unknown as null });
  workerSide.initializeFromPort(port);
  return worker;
}
