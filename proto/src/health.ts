import { z } from 'zod';

export const ComponentHealth = z.object({
  status: z.enum(['up', 'down']),
  latencyMs: z.number().nullable(),
  error: z.string().optional(),
});
export type ComponentHealth = z.infer<typeof ComponentHealth>;

export const Health = z.object({
  status: z.enum(['ok', 'degraded']),
  checkedAt: z.string(),
  components: z.record(z.string(), ComponentHealth),
});
export type Health = z.infer<typeof Health>;

/** What a service answers to the gateway's health ping. */
export const ServicePing = z.object({
  service: z.string(),
  database: ComponentHealth,
});
export type ServicePing = z.infer<typeof ServicePing>;
