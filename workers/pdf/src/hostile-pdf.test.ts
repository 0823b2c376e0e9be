import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { LocalDiskStorage } from '@hub/runtime';
import type { LibraryInboxMessage, PdfProcessingJob } from '@hub/proto';
import { UnrecoverableError, type Job } from 'bullmq';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPdfJobHandler, type PdfWorkerDeps } from './pdf-worker.ts';
import { endlessTextPdf } from './test-support/hostile-pdf.ts';
import { structuredSopPdf } from './test-support/sop-pdf.ts';

const folder = mkdtempSync(join(tmpdir(), 'pdf-hostile-'));
const storage = new LocalDiskStorage(folder);
let sent: LibraryInboxMessage[];

const deps = (limits: PdfWorkerDeps['limits']): PdfWorkerDeps => ({
  storage,
  inbox: { add: async (_name, message) => sent.push(message) },
  ocr: null,
  limits,
  threads: 1,
});

const jobFor = (documentId: number) =>
  ({
    data: {
      documentId,
      organizationId: 1,
      sourceKey: `org/1/uploads/${documentId}.pdf`,
      outputPrefix: `org/1/docs/${documentId}/`,
      run: 1,
    },
    attemptsMade: 0,
    opts: { attempts: 3 },
  }) as unknown as Job<PdfProcessingJob>;

const mib = (bytes: number) => Math.round(bytes / 2 ** 20);

/**
 * Runs a hostile document, then a good one through the same handler: the hostile one must fail
 * for good with its reason, in this process (same pid, same main thread), which reads on.
 */
async function hostileThenGood(limits: PdfWorkerDeps['limits'], label: string) {
  const handle = createPdfJobHandler(deps(limits));
  const before = process.memoryUsage().rss;
  const started = Date.now();
  await expect(handle(jobFor(1))).rejects.toBeInstanceOf(UnrecoverableError);
  const elapsed = Date.now() - started;
  console.log(
    `[hostile pdf] ${label}: thread ended after ${elapsed} ms; process ${process.pid} ` +
      `alive, RSS ${mib(before)} -> ${mib(process.memoryUsage().rss)} MiB`,
  );
  const failed = sent.find((message) => message.kind === 'pdf.failed');
  // The next document, with room to spare: a 1 s deadline is too tight for a shared machine.
  const next = createPdfJobHandler(deps({ timeoutMs: 60_000, memoryMb: 512 }));
  expect(await next(jobFor(2))).toBe('processed');
  expect(threadId).toBe(0);
  return { failed, elapsed };
}

beforeAll(async () => {
  // 111 kB on disk; a million pieces of text once inflated.
  await storage.put('org/1/uploads/1.pdf', endlessTextPdf(1_000_000), 'application/pdf');
  await storage.put('org/1/uploads/2.pdf', Buffer.from(await structuredSopPdf()), 'x');
});
beforeEach(() => {
  sent = [];
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('a crafted PDF that would exhaust the worker', () => {
  it('runs out of its thread memory: only the thread ends, with a readable reason', async () => {
    const { failed } = await hostileThenGood({ timeoutMs: 60_000, memoryMb: 64 }, 'memory');
    expect(failed).toEqual({
      kind: 'pdf.failed',
      documentId: 1,
      run: 1,
      reason: 'The document needs more memory than the 64 MB allowed for one file.',
    });
  }, 60_000);

  it('runs out of time: only the thread ends, at the deadline', async () => {
    const { failed } = await hostileThenGood({ timeoutMs: 1000, memoryMb: 512 }, 'deadline');
    expect(failed).toMatchObject({ reason: 'Processing took longer than 1 second.' });
  }, 60_000);
});
