import { z } from 'zod';

export const ComponentHealth = z.object({
  status: z.enum(['up', 'down']),
  latencyMs: z.number().nullable(),
  error: z.string().optional(),
});
export type ComponentHealth = z.infer<typeof ComponentHealth>;

/** A process as the launcher of `npm start` supervises it (restarted after a crash, with backoff). */
export const SupervisedProcess = z.object({
  state: z.enum(['running', 'restarting', 'gave-up', 'stopped']),
  pid: z.number().int().nullable(),
  restarts: z.number().int(),
  lastRestartAt: z.string().nullable(),
  lastExit: z.string().nullable(),
});
export type SupervisedProcess = z.infer<typeof SupervisedProcess>;

/** The launcher's state file (LAUNCHER_STATE_FILE). */
export const LauncherReport = z.object({
  updatedAt: z.string(),
  processes: z.record(z.string(), SupervisedProcess),
});

export const Health = z.object({
  status: z.enum(['ok', 'degraded']),
  checkedAt: z.string(),
  components: z.record(z.string(), ComponentHealth),
  /** Only under the launcher of `npm start`: its processes and their restarts. */
  processes: z.record(z.string(), SupervisedProcess).optional(),
});
export type Health = z.infer<typeof Health>;

/** What a service answers to the gateway's health ping. */
export const ServicePing = z.object({
  service: z.string(),
  database: ComponentHealth,
});
export type ServicePing = z.infer<typeof ServicePing>;
