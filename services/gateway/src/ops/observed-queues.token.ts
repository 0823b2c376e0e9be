/** Provider token of the gateway's read-side handle on every BullMQ queue (ObservedQueues). */
export const OBSERVED_QUEUES = Symbol('OBSERVED_QUEUES');
