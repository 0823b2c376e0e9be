import { z } from 'zod';

export const ComponentHealth = z.object({
  status: z.enum(['up', 'down']),
  latencyMs: z.number().nullable(),
  error: z.string().optional(),
});
export type ComponentHealth = z.infer<typeof ComponentHealth>;

/**
 * A part as the launcher of `npm start` supervises it: restarted after every crash, with a pause
 * that grows with each crash in a row (up to 5 minutes), forever.
 */
export const SupervisedProcess = z.object({
  state: z.enum(['running', 'restarting', 'stopped']),
  pid: z.number().int().nullable(),
  restarts: z.number().int(),
  lastRestartAt: z.string().nullable(),
  lastExit: z.string().nullable(),
  /** Crashed since it last stayed up long enough to count as recovered. */
  failing: z.boolean().default(false),
  crashesInRow: z.number().int().default(0),
  /** While it waits out its pause. */
  nextRestartAt: z.string().nullable().default(null),
});
export type SupervisedProcess = z.infer<typeof SupervisedProcess>;

/** The launcher's state file (LAUNCHER_STATE_FILE). */
export const LauncherReport = z.object({
  updatedAt: z.string(),
  processes: z.record(z.string(), SupervisedProcess),
});

/** The kinds of worker process; each writes heartbeats to Redis while it runs. */
export const WORKER_KINDS = ['pdf-worker', 'quiz-worker', 'video-worker'] as const;
export type WorkerKind = (typeof WORKER_KINDS)[number];

export const WorkerHealth = z.object({
  /** Up while at least one instance wrote a heartbeat recently. */
  status: z.enum(['up', 'down']),
  /** A required kind that is down makes the whole answer degraded (503). */
  required: z.boolean(),
  instances: z.number().int(),
  lastSeenAt: z.string().nullable(),
});
export type WorkerHealth = z.infer<typeof WorkerHealth>;

/** One organization's jobs in a queue shared by organizations (taken in turn). */
export const OrganizationQueueHealth = z.object({
  waiting: z.number().int(),
  active: z.number().int(),
  /** Waiting for a retry after a failed attempt. */
  delayed: z.number().int(),
});
export type OrganizationQueueHealth = z.infer<typeof OrganizationQueueHealth>;

export const QueueHealth = z.object({
  waiting: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
  delayed: z.number().int(),
  oldestWaitingSeconds: z.number().nullable(),
  /** The backlog per organization id, of those with jobs pending (empty for other queues). */
  organizations: z.record(z.string(), OrganizationQueueHealth),
});
export type QueueHealth = z.infer<typeof QueueHealth>;

export const Health = z.object({
  status: z.enum(['ok', 'degraded']),
  checkedAt: z.string(),
  components: z.record(z.string(), ComponentHealth),
  workers: z.record(z.string(), WorkerHealth),
  /** Informational: a backlog alone does not make the answer degraded. */
  queues: z.record(z.string(), QueueHealth),
  /** Only under the launcher of `npm start`: its processes and their restarts. */
  processes: z.record(z.string(), SupervisedProcess).optional(),
  /** What makes the answer degraded, one line per part, for a person reading it. */
  problems: z.array(z.string()),
});
export type Health = z.infer<typeof Health>;

/** What a service answers to the gateway's health ping. */
export const ServicePing = z.object({
  service: z.string(),
  database: ComponentHealth,
});
export type ServicePing = z.infer<typeof ServicePing>;
