import { z } from 'zod';
import { BaseEnv, readConfig, StorageEnv } from '@hub/kit';

export const LibraryEnv = BaseEnv.extend(StorageEnv.shape).extend({
  /** A document whose processing shows no progress for this long is checked, and failed if its job is gone. */
  PROCESSING_STALL_MINUTES: z.coerce.number().positive().default(15),
});
export type LibraryConfig = z.infer<typeof LibraryEnv>;

export const LIBRARY_CONFIG = Symbol('LIBRARY_CONFIG');
export const STORAGE = Symbol('STORAGE');
export const EVENTS = Symbol('EVENTS');
export const PDF_QUEUE = Symbol('PDF_QUEUE');
export const QUIZ_GENERATION = Symbol('QUIZ_GENERATION');

export const readLibraryConfig = (env: NodeJS.ProcessEnv = process.env) =>
  readConfig(LibraryEnv, env);
