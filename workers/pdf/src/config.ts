import { BaseEnv, readConfig, StorageEnv } from '@hub/runtime';
import { availableParallelism } from 'node:os';
import { z } from 'zod';

export const PdfWorkerEnv = BaseEnv.extend(StorageEnv.shape).extend({
  /**
   * Jobs run at once, documents or their scanned pages, each in its own thread (and a page with
   * its own OCR engine): one per core by default, since each keeps one core busy. Idle threads
   * end and OCR engines start on first use, so this costs no memory at rest.
   */
  PDF_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(16)
    .default(() => Math.min(16, availableParallelism())),
  /** A document still processing after this long fails: 'Processing took longer than …'. */
  PDF_JOB_TIMEOUT_MS: z.coerce.number().int().min(1000).default(300_000),
  /** Heap of each thread that parses a document. */
  PDF_MEMORY_LIMIT_MB: z.coerce.number().int().min(64).default(512),
  OCR_ENABLED: z.stringbool().default(true),
});
export type PdfWorkerConfig = z.infer<typeof PdfWorkerEnv>;

export const readPdfWorkerConfig = (env: NodeJS.ProcessEnv = process.env) =>
  readConfig(PdfWorkerEnv, env);
