import { Worker } from 'node:worker_threads';
import type { RgbFrame } from '../frames/sample-frames.ts';
import type { FaceApiOptions } from './face-api-model.ts';
import { faceEmbeddingSpace } from './face-api-runtime.ts';
import type { DetectedFace, FaceModel, FaceSource } from './face-model.ts';

export interface FrameRequest {
  id: number;
  frame: RgbFrame;
  source: FaceSource;
}

export type FrameAnswer = { id: number; faces: DetectedFace[] } | { id: number; error: string };

interface Pending {
  resolve: (faces: DetectedFace[]) => void;
  reject: (error: Error) => void;
}

interface Lane {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Why the thread stopped, once it has: it takes no more frames. */
  stopped: Error | null;
}

/** The thread's own file: TypeScript when run from the sources (tests), JavaScript once built. */
const threadFile = new URL(
  import.meta.url.endsWith('.ts') ? './face-thread.ts' : './face-thread.js',
  import.meta.url,
);

function startLane(options: FaceApiOptions): Promise<{ lane: Lane; name: string }> {
  const worker = new Worker(threadFile, { workerData: options });
  const lane: Lane = { worker, pending: new Map(), stopped: null };
  return new Promise((resolve, reject) => {
    const exitedEarly = (code: number) =>
      reject(new Error(`The face thread stopped while loading (${code})`));
    worker.once('error', reject);
    worker.once('exit', exitedEarly);
    worker.once('message', (message: { ready: string }) => {
      worker.off('error', reject).off('exit', exitedEarly);
      worker.on('message', (answer: FrameAnswer) => settle(lane, answer));
      worker.on('error', (error) => stop(lane, error));
      worker.on('exit', (code) => stop(lane, new Error(`The face thread stopped (${code})`)));
      resolve({ lane, name: message.ready });
    });
  });
}

function settle(lane: Lane, answer: FrameAnswer) {
  const pending = lane.pending.get(answer.id);
  if (!pending) return;
  lane.pending.delete(answer.id);
  if ('error' in answer) pending.reject(new Error(answer.error));
  else pending.resolve(answer.faces);
}

function stop(lane: Lane, error: Error) {
  lane.stopped ??= error;
  for (const pending of lane.pending.values()) pending.reject(error);
  lane.pending.clear();
}

/**
 * The face model on several threads, each with its own copy of the models (loaded once, when
 * the worker starts): TensorFlow.js on wasm uses one core, so one thread a core lets frames of a
 * video be detected side by side. A frame goes to the thread with the fewest frames waiting.
 */
export class ThreadedFaceModel implements FaceModel {
  readonly name: string;
  readonly space = faceEmbeddingSpace();
  readonly parallelism: number;
  private readonly lanes: Lane[];
  private next = 0;
  private readonly inFlight = new Set<Promise<unknown>>();

  private constructor(lanes: Lane[], name: string) {
    this.lanes = lanes;
    this.name = name;
    this.parallelism = lanes.length;
  }

  static async load(options: FaceApiOptions & { threads: number }): Promise<ThreadedFaceModel> {
    const { threads, ...model } = options;
    const starts = await Promise.allSettled(
      Array.from({ length: threads }, () => startLane(model)),
    );
    const started = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
    const failed = starts.find((start) => start.status === 'rejected');
    if (failed) {
      // Threads that did load would otherwise live on, each with its own models.
      await Promise.all(started.map(({ lane }) => lane.worker.terminate()));
      throw failed.reason;
    }
    return new ThreadedFaceModel(
      started.map(({ lane }) => lane),
      started[0]!.name,
    );
  }

  /** A frame for a thread that has stopped fails at once, as do frames it had. */
  detect(frame: RgbFrame, source: FaceSource): Promise<DetectedFace[]> {
    const running = this.lanes.filter((lane) => !lane.stopped);
    if (running.length === 0) return Promise.reject(this.lanes[0]!.stopped!);
    // Pictures go to one thread: only it loads SSD MobileNet (faces/face-api-model.ts), the
    // others keep to the tiny detector's smaller wasm heap.
    const lane =
      source === 'picture'
        ? running[0]!
        : running.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const id = this.next++;
    // A copy is moved to the thread: the caller may still read its own frame.
    const data = new Uint8Array(frame.data);
    const answer = new Promise<DetectedFace[]>((resolve, reject) => {
      lane.pending.set(id, { resolve, reject });
      const request: FrameRequest = { id, frame: { ...frame, data }, source };
      lane.worker.postMessage(request, [data.buffer]);
    });
    this.inFlight.add(answer);
    const forget = () => this.inFlight.delete(answer);
    answer.then(forget, forget);
    return answer;
  }

  /** Frames already sent are answered first. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    await Promise.all(this.lanes.map((lane) => lane.worker.terminate()));
  }
}
