import { z } from 'zod';
import { BaseEnv, readConfig, StorageEnv } from '@hub/kit';

export const VideoEnv = BaseEnv.extend(StorageEnv.shape).extend({
  /** An analysis that shows no progress for this long is checked, and failed if its job is gone. */
  ANALYSIS_STALL_MINUTES: z.coerce.number().positive().default(30),
});
export type VideoConfig = z.infer<typeof VideoEnv>;

export const STORAGE = Symbol('STORAGE');
export const RPC = Symbol('RPC');
export const ANALYSIS_QUEUE = Symbol('ANALYSIS_QUEUE');

export const readVideoConfig = (env: NodeJS.ProcessEnv = process.env) => readConfig(VideoEnv, env);
