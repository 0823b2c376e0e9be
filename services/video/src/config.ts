import { z } from 'zod';
import { BaseEnv, readConfig, StorageEnv } from '@hub/kit';

export const VideoEnv = BaseEnv.extend(StorageEnv.shape).extend({
  /** An analysis that shows no progress for this long is checked, and failed if its job is gone. */
  ANALYSIS_STALL_MINUTES: z.coerce.number().positive().default(30),
  /**
   * How long an analysis waits for its organization's profile pictures still being enrolled,
   * so a person whose picture was just set is not missed; after this it runs without them.
   */
  ANALYSIS_ENROLMENT_WAIT_MINUTES: z.coerce.number().positive().default(5),
});
export type VideoConfig = z.infer<typeof VideoEnv>;

export const STORAGE = Symbol('STORAGE');
export const RPC = Symbol('RPC');
export const ANALYSIS_QUEUE = Symbol('ANALYSIS_QUEUE');
export const PROBE_QUEUE = Symbol('PROBE_QUEUE');
export const ENROLMENT_QUEUE = Symbol('ENROLMENT_QUEUE');
export const ANALYSIS_DISPATCH = Symbol('ANALYSIS_DISPATCH');

export const readVideoConfig = (env: NodeJS.ProcessEnv = process.env) => readConfig(VideoEnv, env);
