import type { z } from 'zod';
import { BaseEnv, readConfig } from '@hub/kit';

export const ObservationEnv = BaseEnv;
export type ObservationConfig = z.infer<typeof ObservationEnv>;

export const RPC = Symbol('RPC');
export const EVENTS = Symbol('EVENTS');

export const readObservationConfig = (env: NodeJS.ProcessEnv = process.env) =>
  readConfig(ObservationEnv, env);
