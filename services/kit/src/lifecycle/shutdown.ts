import { z } from 'zod';
import { readConfig } from '../config/config.js';

/**
 * How long a process may take, after SIGTERM, to finish what it has started (see
 * stopOnSignals). The default stays below the launcher's 15 s per part; under Kubernetes
 * (30 s termination grace) 25 s fits.
 */
export const ShutdownEnv = z.object({
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
});

export function shutdownGraceMs(env: NodeJS.ProcessEnv = process.env): number {
  return readConfig(ShutdownEnv, env).SHUTDOWN_GRACE_MS;
}
