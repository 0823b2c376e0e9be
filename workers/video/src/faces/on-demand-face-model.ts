import type { RgbFrame } from '../frames/sample-frames.ts';
import type { DetectedFace, FaceModel, FaceSource } from './face-model.ts';

export interface OnDemandOptions {
  /** Known before the model is loaded: it is stored with each enrolment. */
  name: string;
  /** Known before the model is loaded too: the space of the embeddings it will find. */
  space: string;
  parallelism: number;
  load: () => Promise<FaceModel>;
  /** The model is released once no frame has been detected for this long. */
  idleMs: number;
}

/**
 * A face model loaded when a frame first needs it and released after a while without frames.
 * The models and their TensorFlow.js runtime hold most of the video worker's memory, and a
 * site analyses videos now and then: between analyses the worker gives that memory back. The
 * loaded model runs on threads, so releasing it (ending them) frees all of it.
 */
export class OnDemandFaceModel implements FaceModel {
  readonly name: string;
  readonly space: string;
  readonly parallelism: number;
  private readonly options: OnDemandOptions;
  private loaded: Promise<FaceModel> | null = null;
  /** A released model's threads ending; the next load waits for them. */
  private released: Promise<void> = Promise.resolve();
  private busy = 0;
  private idleTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(options: OnDemandOptions) {
    this.options = options;
    this.name = options.name;
    this.space = options.space;
    this.parallelism = options.parallelism;
  }

  /** Whether the model is loaded (or loading) now. */
  get isLoaded(): boolean {
    return this.loaded !== null;
  }

  /**
   * A frame that fails releases the model, so the next one loads it afresh: a failure may be a
   * thread that stopped (out of memory, a crash in the runtime).
   */
  async detect(frame: RgbFrame, source: FaceSource): Promise<DetectedFace[]> {
    if (this.closed) throw new Error('The face model is closed');
    this.busy += 1;
    this.cancelRelease();
    const loaded = this.model();
    try {
      return await (await loaded).detect(frame, source);
    } catch (error) {
      if (this.loaded === loaded) this.release();
      throw error;
    } finally {
      this.busy -= 1;
      if (this.busy === 0 && !this.closed) this.scheduleRelease();
    }
  }

  /**
   * Starts loading the model for frames about to come; if none comes, it is released as after
   * a last frame. A load that fails here is tried again by the first frame. Resolves once loaded
   * (or failed); never rejects.
   */
  prepare(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.cancelRelease();
    return this.model().then(
      () => {
        if (this.busy === 0 && !this.closed && !this.idleTimer) this.scheduleRelease();
      },
      () => undefined,
    );
  }

  /** Frames already sent are answered first; no frame is taken after. */
  async close(): Promise<void> {
    this.closed = true;
    this.cancelRelease();
    this.release();
    await this.released;
  }

  private model(): Promise<FaceModel> {
    if (!this.loaded) {
      const loading = this.released.then(() => this.options.load());
      // A load that failed is tried again by the next frame, not remembered.
      loading.catch(() => {
        if (this.loaded === loading) this.loaded = null;
      });
      this.loaded = loading;
    }
    return this.loaded;
  }

  private scheduleRelease() {
    this.idleTimer = setTimeout(() => this.release(), this.options.idleMs);
    this.idleTimer.unref();
  }

  private cancelRelease() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private release() {
    const loaded = this.loaded;
    this.loaded = null;
    this.idleTimer = null;
    if (loaded) {
      this.released = loaded.then((model) => model.close()).catch(() => undefined);
    }
  }
}
