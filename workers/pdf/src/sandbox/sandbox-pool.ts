import { Worker } from 'node:worker_threads';
import { releaseMemoryAfterWork } from '@hub/runtime';

export interface SandboxLimits {
  /** Heap of each thread; a document needing more ends that thread only. */
  memoryMb: number;
  /** From the moment a task is handed to the pool, waiting for a thread included. */
  timeoutMs: number;
  /** Stack of each thread (8 MB unless set): a test sets it small to make PDFium overflow it. */
  stackSizeMb?: number;
}

export type SandboxFailureKind = 'timeout' | 'memory' | 'crash' | 'error';

/** Why a sandboxed task did not finish; `name` is the error the task threw, if it threw. */
export class SandboxFailure extends Error {
  override readonly name = 'SandboxFailure';
  readonly kind: SandboxFailureKind;
  readonly errorName: string | null;

  constructor(kind: SandboxFailureKind, message: string, errorName: string | null = null) {
    super(message);
    this.kind = kind;
    this.errorName = errorName;
  }
}

/** What a sandbox thread posts to its parent for the task it is running. */
export type SandboxMessage<Result, Progress> =
  | { type: 'progress'; progress: Progress }
  | { type: 'result'; result: Result }
  | { type: 'error'; name: string; message: string };

export interface SandboxTask<Input, Progress> {
  input: Input;
  transfer?: ArrayBuffer[];
  onProgress?: (progress: Progress) => void;
}

/** A thread left with nothing to do this long is ended, so an idle worker gives its memory back. */
const IDLE_MS = 30_000;

/**
 * A thread beyond the first starts only once a task has waited this long for one: each costs
 * ~33 MiB (a Node environment and the PDF reader; PDFium compiles in about half a second), and
 * most documents are read in less, so two small uploads a moment apart are read one after the
 * other by one thread. Long work (a scanned SOP's pages, a queue of documents) still has every
 * thread after this wait.
 */
export const GROW_AFTER_MS = 250;

interface QueuedTask<Input, Result, Progress> extends SandboxTask<Input, Progress> {
  resolve: (result: Result) => void;
  reject: (failure: SandboxFailure) => void;
  /** Set while the task runs: fails it and ends its thread, which may be stuck in a loop. */
  stop?: (failure: SandboxFailure) => void;
  timer: NodeJS.Timeout;
}

/**
 * Runs tasks in up to `size` long-lived threads, each with a memory bound, and every task with a
 * deadline, so a hostile or broken input can neither crash nor stall the process: a task out of
 * time has its thread terminated, and a thread that dies is replaced. Threads are kept between
 * tasks because starting one and loading the PDF reader in it costs more than most documents.
 */
export class SandboxPool<Input, Result, Progress> {
  private readonly entry: URL;
  private readonly size: number;
  private readonly limits: SandboxLimits;
  private readonly idle = new Map<Worker, NodeJS.Timeout>();
  private readonly busy = new Set<Worker>();
  private readonly waiting: QueuedTask<Input, Result, Progress>[] = [];
  private readonly growAfterMs: number;
  private growth: NodeJS.Timeout | undefined;

  constructor(entry: URL, size: number, limits: SandboxLimits, growAfterMs = GROW_AFTER_MS) {
    this.entry = entry;
    this.size = Math.max(1, size);
    this.limits = limits;
    this.growAfterMs = growAfterMs;
  }

  run(task: SandboxTask<Input, Progress>): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      const queued: QueuedTask<Input, Result, Progress> = {
        ...task,
        resolve,
        reject,
        timer: setTimeout(() => this.expire(queued), this.limits.timeoutMs),
      };
      this.waiting.push(queued);
      this.dispatch();
    });
  }

  /** Ends every thread; tasks still running or waiting fail as crashed. */
  async close(): Promise<void> {
    const threads = [...this.idle.keys(), ...this.busy];
    clearTimeout(this.growth);
    this.idle.forEach((timer) => clearTimeout(timer));
    this.idle.clear();
    for (const task of this.waiting.splice(0)) {
      clearTimeout(task.timer);
      task.reject(new SandboxFailure('crash', 'The pool was closed.'));
    }
    await Promise.all(threads.map((thread) => thread.terminate()));
  }

  private expire(task: QueuedTask<Input, Result, Progress>) {
    const failure = new SandboxFailure('timeout', 'The task ran out of time.');
    const position = this.waiting.indexOf(task);
    if (position < 0) return task.stop?.(failure);
    this.waiting.splice(position, 1);
    task.reject(failure);
  }

  /** `grow`: a task has waited `growAfterMs`, so one more thread may start. */
  private dispatch(grow = false) {
    while (this.waiting.length > 0) {
      const thread = this.takeIdleThread() ?? this.spawnIfWanted(grow);
      if (!thread) break;
      grow = false;
      this.start(thread, this.waiting.shift()!);
    }
    this.planGrowth();
  }

  private spawnIfWanted(grow: boolean): Worker | null {
    if (this.busy.size >= this.size) return null;
    return this.busy.size === 0 || grow ? this.spawn() : null;
  }

  /** While tasks wait and a thread could still start, one starts after `growAfterMs`. */
  private planGrowth() {
    if (this.waiting.length === 0 || this.busy.size >= this.size) {
      clearTimeout(this.growth);
      this.growth = undefined;
      return;
    }
    this.growth ??= setTimeout(() => {
      this.growth = undefined;
      this.dispatch(true);
    }, this.growAfterMs);
  }

  private takeIdleThread(): Worker | null {
    const [entry] = this.idle;
    if (!entry) return null;
    const [thread, timer] = entry;
    clearTimeout(timer);
    this.idle.delete(thread);
    return thread;
  }

  private spawn(): Worker {
    const memoryMb = this.limits.memoryMb;
    const thread = new Worker(this.entry, {
      resourceLimits: {
        maxOldGenerationSizeMb: memoryMb,
        maxYoungGenerationSizeMb: Math.min(64, Math.ceil(memoryMb / 8)),
        stackSizeMb: this.limits.stackSizeMb ?? 8,
      },
      stdout: false,
      stderr: false,
    });
    // A thread that ends while idle is simply forgotten; the next task starts another. What it
    // freed is given back once the process is idle (glibc would keep it).
    thread.on('exit', () => {
      clearTimeout(this.idle.get(thread));
      this.idle.delete(thread);
      releaseMemoryAfterWork();
    });
    return thread;
  }

  private start(thread: Worker, task: QueuedTask<Input, Result, Progress>) {
    let settled = false;
    const end = (usable: boolean, settle: () => void) => {
      if (settled) return;
      settled = true;
      this.busy.delete(thread);
      thread.off('message', onMessage).off('error', onError).off('exit', onExit);
      clearTimeout(task.timer);
      settle();
      if (usable) this.park(thread);
      else void thread.terminate();
      this.dispatch();
    };
    const onMessage = (message: SandboxMessage<Result, Progress>) => {
      if (message.type === 'progress') {
        if (!settled) task.onProgress?.(message.progress);
      } else if (message.type === 'result') {
        end(true, () => task.resolve(message.result));
      } else {
        const failure = new SandboxFailure('error', message.message, message.name);
        end(true, () => task.reject(failure));
      }
    };
    const onError = (error: Error & { code?: string }) => {
      const kind = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash';
      end(false, () => task.reject(new SandboxFailure(kind, error.message, error.name)));
    };
    const onExit = (code: number) => {
      const failure = new SandboxFailure('crash', `The task thread exited with code ${code}.`);
      end(false, () => task.reject(failure));
    };
    task.stop = (failure) => end(false, () => task.reject(failure));
    this.busy.add(thread);
    thread.on('message', onMessage).on('error', onError).on('exit', onExit);
    // A running task keeps the process alive; an idle thread does not.
    thread.ref();
    thread.postMessage(task.input, task.transfer ?? []);
  }

  private park(thread: Worker) {
    thread.unref();
    const timer = setTimeout(() => {
      this.idle.delete(thread);
      void thread.terminate();
    }, IDLE_MS);
    timer.unref();
    this.idle.set(thread, timer);
  }
}
