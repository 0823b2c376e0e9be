import { Worker } from 'node:worker_threads';

export interface SandboxLimits {
  /** Heap of the thread; a document needing more ends that thread only. */
  memoryMb: number;
  timeoutMs: number;
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

/** What a sandbox thread posts to its parent. */
export type SandboxMessage<Result, Progress> =
  | { type: 'progress'; progress: Progress }
  | { type: 'result'; result: Result }
  | { type: 'error'; name: string; message: string };

export interface SandboxTask<Input, Progress> {
  entry: URL;
  input: Input;
  transfer?: ArrayBuffer[];
  limits: SandboxLimits;
  onProgress?: (progress: Progress) => void;
}

/**
 * Runs a task in its own thread with a memory bound and a deadline, so a hostile or broken input
 * can neither crash nor stall the process: on timeout the thread is terminated.
 */
export function runInSandbox<Input, Result, Progress>(
  task: SandboxTask<Input, Progress>,
): Promise<Result> {
  return new Promise<Result>((resolve, reject) => {
    const thread = new Worker(task.entry, {
      workerData: task.input,
      transferList: task.transfer ?? [],
      resourceLimits: {
        maxOldGenerationSizeMb: task.limits.memoryMb,
        maxYoungGenerationSizeMb: Math.min(64, Math.ceil(task.limits.memoryMb / 8)),
        stackSizeMb: 8,
      },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      action();
      void thread.terminate();
    };
    const timer = setTimeout(
      () => settle(() => reject(new SandboxFailure('timeout', 'The task ran out of time.'))),
      task.limits.timeoutMs,
    );
    thread.on('message', (message: SandboxMessage<Result, Progress>) => {
      if (message.type === 'progress') {
        if (!settled) task.onProgress?.(message.progress);
      } else if (message.type === 'result') settle(() => resolve(message.result));
      else settle(() => reject(new SandboxFailure('error', message.message, message.name)));
    });
    thread.on('error', (error: Error & { code?: string }) => {
      const kind = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash';
      settle(() => reject(new SandboxFailure(kind, error.message, error.name)));
    });
    thread.on('exit', (code) => {
      settle(() =>
        reject(new SandboxFailure('crash', `The task thread exited with code ${code}.`)),
      );
    });
  });
}
