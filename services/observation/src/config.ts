import { z } from 'zod';
import { BaseEnv, readConfig } from '@hub/kit';

export const ObservationEnv = BaseEnv.extend({
  /** Printed on certificates as the address where their verification code is checked. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('http://localhost:8080'),
});
export type ObservationConfig = z.infer<typeof ObservationEnv>;

export const RPC = Symbol('RPC');
export const EVENTS = Symbol('EVENTS');
export const OBSERVATION_CONFIG = Symbol('OBSERVATION_CONFIG');

export const readObservationConfig = (env: NodeJS.ProcessEnv = process.env) =>
  readConfig(ObservationEnv, env);
