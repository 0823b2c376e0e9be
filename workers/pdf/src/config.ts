import { BaseEnv, readConfig, StorageEnv } from '@hub/kit';
import { z } from 'zod';

export const PdfWorkerEnv = BaseEnv.extend(StorageEnv.shape).extend({
  PDF_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** A document still processing after this long fails: 'Processing took longer than …'. */
  PDF_JOB_TIMEOUT_MS: z.coerce.number().int().min(1000).default(300_000),
  /** Heap of the thread that parses one document. */
  PDF_MEMORY_LIMIT_MB: z.coerce.number().int().min(64).default(512),
  OCR_ENABLED: z.stringbool().default(true),
});
export type PdfWorkerConfig = z.infer<typeof PdfWorkerEnv>;

export const readPdfWorkerConfig = (env: NodeJS.ProcessEnv = process.env) =>
  readConfig(PdfWorkerEnv, env);
