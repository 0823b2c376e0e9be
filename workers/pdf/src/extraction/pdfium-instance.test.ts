import { FAILURE_REASONS, failureReasonOf } from '@hub/proto';
import { afterEach, describe, expect, it } from 'vitest';
import { describeFailure } from '../failures.ts';
import { SandboxFailure, SandboxPool } from '../sandbox/sandbox-pool.ts';
import { deepPageTreePdf } from '../test-support/hostile-pdf.ts';
import type { InstanceTestResult } from '../test-support/instance-test-thread.ts';
import { structuredSopPdf } from '../test-support/sop-pdf.ts';

const entry = new URL('../test-support/instance-test-thread.ts', import.meta.url);
const limits = { timeoutMs: 60_000, memoryMb: 256 };
/** PDFium's deepest page tree: it walks one more level of its recursion per node. */
const LEVELS = 1_020;
/**
 * Stacks (MB) small enough for that walk to overflow while the thread itself still starts and
 * reads a plain document (Node 24: 0.27 to 0.30; 0.25 ends the thread as it starts, 0.33
 * reads the tree). Tried in turn, as V8's frame sizes may move the window a little.
 */
const STACKS = [0.29, 0.28, 0.3, 0.27, 0.31, 0.26, 0.32];

let threads: SandboxPool<Uint8Array, InstanceTestResult, never> | undefined;
afterEach(() => threads?.close());

/** A thread whose stack PDFium overflows on the deep tree, with what the overflow threw. */
async function overflowingThread() {
  for (const stackSizeMb of STACKS) {
    threads?.close();
    threads = new SandboxPool(entry, 1, { ...limits, stackSizeMb });
    const first = await threads.run({ input: await structuredSopPdf() }).catch(() => null);
    if (!first) continue;
    const second = await threads.run({ input: await structuredSopPdf() });
    const failure = await threads.run({ input: deepPageTreePdf(LEVELS) }).then(
      () => null,
      (error: unknown) => error,
    );
    if (failure instanceof SandboxFailure && failure.kind === 'error') {
      return { pool: threads, first, second, failure };
    }
  }
  throw new Error(`no stack of ${STACKS.join(', ')} MB overflowed in PDFium`);
}

describe('a PDFium instance after a stack overflow inside it', { timeout: 120_000 }, () => {
  it('is dropped: the next document is read by a fresh one, the failed one has its reason', async () => {
    const { pool, first, second, failure } = await overflowingThread();
    // Without a failure the thread keeps its instance from one document to the next.
    expect(second.instance).toBe(first.instance);
    expect(failure).toMatchObject({
      errorName: 'RangeError',
      message: 'Maximum call stack size exceeded',
    });
    expect(failureReasonOf(describeFailure(failure, limits).message)).toEqual({
      code: 'pdf_damaged',
      params: { detail: FAILURE_REASONS.pdf_cause_too_deep },
    });
    const again = await pool.run({ input: await structuredSopPdf() });
    expect(again.instance).toBe(first.instance + 1);
    expect(again.text).toBe(first.text);
    expect(again.text).toContain('Cold Storage');
  });
});
