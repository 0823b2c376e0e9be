import { BaseEnv, readConfig, StorageEnv } from '@hub/runtime';
import { z } from 'zod';

export const QuizWorkerEnv = BaseEnv.extend(StorageEnv.shape).extend({
  /** Without a key the offline generator writes evaluations from the SOP's structure. */
  GEMINI_API_KEY: z.string().min(1).optional(),
  GEMINI_MODEL: z.string().min(1).default('gemini-2.5-flash'),
  GEMINI_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  QUIZ_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** A generation still running after this long fails: 'Generating … took longer than …'. */
  QUIZ_JOB_TIMEOUT_MS: z.coerce.number().int().min(1000).default(600_000),
});
export type QuizWorkerConfig = z.infer<typeof QuizWorkerEnv>;

export const readQuizWorkerConfig = (env: NodeJS.ProcessEnv = process.env) =>
  readConfig(QuizWorkerEnv, env);
