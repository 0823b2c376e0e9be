// The queue contracts alone, for the workers: jobs, inbox messages and what they carry, without
// the route table and its payloads (about 6 MiB of every process that loads them).
export * from './queues.js';
export * from './evaluations.js';
export * from './video.js';
export * from './video-jobs.js';
export * from './snapshots.js';
export * from './queue-contracts.js';
// The sentences the workers write on a failed row (a small table of its own, importing nothing).
export { FAILURE_REASONS } from './failure-reasons.js';
