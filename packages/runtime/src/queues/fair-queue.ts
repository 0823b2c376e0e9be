import type { Job, JobsOptions, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { parseJob, queueContract } from './queues.js';

/**
 * Fair turns between organizations on one shared BullMQ queue, with open-source BullMQ only
 * (BullMQ Pro's groups are not available): each job gets a BullMQ priority, its "rank", so that
 * workers take the organizations' jobs in turn instead of first in, first out.
 *
 * The rank is a virtual round number. An organization with nothing pending gets the current
 * round (the highest rank among the jobs running now, else the lowest rank waiting, else 1): its
 * job goes before every job of a later round, i.e. right after what runs now. An organization
 * with jobs pending gets one round past its newest pending job. So when A has queued 40 jobs and
 * B then queues 1, B's job runs next; when both have many, the workers alternate A, B, A, B; and
 * each organization's own jobs keep their order. Ranks grow only while the queue stays busy and
 * start again at 1 once it is idle; past BullMQ's highest priority they share it (FIFO).
 *
 * Which jobs an organization has pending is kept in a sorted set per organization (job id ->
 * rank) beside the queue's keys. It is never trusted as a count: a member whose job is finished
 * (`finishedOn`) or gone (removed, or kept no longer) is dropped whenever it is read, so a lost
 * update (a crash between two steps, a cancelled job) cannot make it drift. The rank is taken in
 * the same script that reads the set, so two adds of one organization at once get two ranks;
 * until BullMQ has the job, the member counts as a reservation (dropped after a minute if the
 * producer stopped before adding it). Retries keep the job's priority (BullMQ's own retry puts it
 * back in the prioritized set with it), and a stalled job goes back to the plain wait list, which
 * workers serve before prioritized jobs.
 *
 * The scripts touch keys they do not declare (job hashes, the organizations' sets): fine on one
 * Redis server, as the product runs; not on a Redis Cluster.
 */

export interface OrganizationJob {
  organizationId: number;
}

/** The queue's own ioredis connection (BullMQ types it as its minimal client interface). */
export async function redisOf(queue: Queue): Promise<Redis> {
  return (await queue.getBackend().client) as unknown as Redis;
}

/** BullMQ's highest priority (2^21 - 1). */
export const MAX_RANK = 2_097_151;

/** The keys of the fairness index beside a queue's own (under its prefix and name). */
export function fairKeys(queue: Queue) {
  return {
    organizations: queue.toKey('fair:organizations'),
    organizationPrefix: queue.toKey('fair:organization:'),
    of: (organizationId: number | string) => queue.toKey(`fair:organization:${organizationId}`),
    /** Job id -> when its rank was taken, until BullMQ has the job (see addFairly). */
    reserved: queue.toKey('fair:reserved'),
    jobPrefix: queue.toKey(''),
  };
}

/** How long a rank taken for a job that BullMQ does not have yet stays taken. */
const RESERVATION_MS = 60_000;

/**
 * Lua: whether an indexed job no longer counts: finished, removed, or never added (a rank taken
 * longer than RESERVATION_MS ago for a job BullMQ still lacks: its producer stopped). Expects
 * jobPrefix, reservedKey and now (ms) in scope; forgets the reservation of a job gone.
 */
const GONE = `
local function gone(id)
  local key = jobPrefix .. id
  if redis.call('EXISTS', key) == 1 then
    return redis.call('HEXISTS', key, 'finishedOn') == 1
  end
  local reservedAt = tonumber(redis.call('HGET', reservedKey, id))
  if reservedAt and now - reservedAt < ${RESERVATION_MS} then return false end
  redis.call('HDEL', reservedKey, id)
  return true
end
local function reservedOnly(id)
  return redis.call('EXISTS', jobPrefix .. id) == 0
end
`;

const NOW = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
`;

/**
 * Drops finished or removed jobs at both ends of the organization's set, then takes the job's
 * rank, all at once: two adds of one organization at the same moment get two ranks, not one.
 * KEYS: organization's set, active list, prioritized set, reservations, organizations.
 */
const RANK_SCRIPT = `
local jobPrefix, jobId, reservedKey = ARGV[1], ARGV[2], KEYS[4]
${NOW}
local existing = jobPrefix .. jobId
if redis.call('EXISTS', existing) == 1 then
  return tonumber(redis.call('HGET', existing, 'priority')) or 0
end
local taken = redis.call('ZSCORE', KEYS[1], jobId)
if taken then return tonumber(taken) end
${GONE}
for _ = 1, 200 do
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0)[1]
  if not oldest or not gone(oldest) then break end
  redis.call('ZREM', KEYS[1], oldest)
end
local newest = nil
for _ = 1, 200 do
  local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
  if #last == 0 then break end
  if not gone(last[1]) then newest = tonumber(last[2]) break end
  redis.call('ZREM', KEYS[1], last[1])
end
local round = 0
for _, id in ipairs(redis.call('LRANGE', KEYS[2], 0, 499)) do
  local priority = tonumber(redis.call('HGET', jobPrefix .. id, 'priority')) or 0
  if priority > round then round = priority end
end
if round == 0 then
  local head = redis.call('ZRANGE', KEYS[3], 0, 0, 'WITHSCORES')
  if #head > 0 then round = math.floor(tonumber(head[2]) / 4294967296) end
end
if round < 1 then round = 1 end
local rank = round
if newest and newest + 1 > rank then rank = newest + 1 end
rank = math.min(rank, tonumber(ARGV[3]))
redis.call('ZADD', KEYS[1], rank, jobId)
redis.call('HSET', reservedKey, jobId, now)
redis.call('SADD', KEYS[5], ARGV[4])
return rank
`;

/**
 * Per organization with jobs in the index: waiting, active and delayed (retry) counts and the
 * enqueue time of its oldest waiting job. KEYS: organizations, active list, delayed set,
 * reservations.
 */
const BACKLOG_SCRIPT = `
local jobPrefix, organizationPrefix, reservedKey = ARGV[1], ARGV[2], KEYS[4]
${NOW}
${GONE}
local active = {}
for _, id in ipairs(redis.call('LRANGE', KEYS[2], 0, -1)) do active[id] = true end
local answer = {}
for _, organization in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local key = organizationPrefix .. organization
  local waiting, running, delayed, oldest, pending = 0, 0, 0, -1, 0
  for _, id in ipairs(redis.call('ZRANGE', key, 0, -1)) do
    if gone(id) then
      redis.call('ZREM', key, id)
    elseif reservedOnly(id) then
      pending = pending + 1
    elseif active[id] then
      running = running + 1
    elseif redis.call('ZSCORE', KEYS[3], id) then
      delayed = delayed + 1
    else
      waiting = waiting + 1
      local enqueuedAt = tonumber(redis.call('HGET', jobPrefix .. id, 'timestamp'))
      if enqueuedAt and (oldest < 0 or enqueuedAt < oldest) then oldest = enqueuedAt end
    end
  end
  if waiting + running + delayed + pending == 0 then
    redis.call('SREM', KEYS[1], organization)
  elseif waiting + running + delayed > 0 then
    table.insert(answer, organization)
    table.insert(answer, waiting)
    table.insert(answer, running)
    table.insert(answer, delayed)
    table.insert(answer, oldest)
  end
end
return answer
`;

type FairJobOptions = Omit<JobsOptions, 'priority' | 'lifo'> & { jobId?: string };

/**
 * Adds a job of an organization to a shared queue with its fair rank as BullMQ priority. Every
 * producer of a queue that serves several organizations adds through here (a job added without
 * a priority would go before all of them). The job id is required (given, or by the queue's
 * contract): a second add of the same id stays the no-op it is in BullMQ, and keeps the first
 * rank. A queue opened with its contract refuses bad data before any rank is taken.
 */
export async function addFairly<T extends OrganizationJob>(
  queue: Queue<T>,
  name: string,
  data: T,
  fairOptions: FairJobOptions = {},
): Promise<Job<T>> {
  const contract = queueContract(queue);
  if (contract) parseJob(contract, name, data);
  const jobId = fairOptions.jobId ?? contract?.jobId?.(data);
  if (jobId === undefined) throw new Error(`A job added fairly to ${queue.name} needs a job id`);
  const options = { ...fairOptions, jobId };
  const keys = fairKeys(queue as Queue);
  const redis = await redisOf(queue as Queue);
  const organizationKey = keys.of(data.organizationId);
  const rank = Number(
    await redis.eval(
      RANK_SCRIPT,
      5,
      organizationKey,
      queue.keys.active!,
      queue.keys.prioritized!,
      keys.reserved,
      keys.organizations,
      keys.jobPrefix,
      options.jobId,
      String(MAX_RANK),
      String(data.organizationId),
    ),
  );
  // Typed loosely by BullMQ (its name type is the queue's third parameter).
  const add = queue.add.bind(queue) as unknown as (
    n: string,
    d: T,
    o: JobsOptions,
  ) => Promise<Job<T>>;
  let job: Job<T>;
  try {
    job = await add(name, data, { ...options, priority: Math.max(1, rank) });
  } catch (error) {
    // Not added: the rank is given back (else it is dropped after RESERVATION_MS anyway).
    await redis
      .multi()
      .zrem(organizationKey, options.jobId)
      .hdel(keys.reserved, options.jobId)
      .exec()
      .catch(() => undefined);
    throw error;
  }
  // BullMQ has the job: from now on the job itself says whether it still counts. Left behind if
  // we stop just here, the reservation only waits to be dropped with the job.
  await redis.hdel(keys.reserved, options.jobId);
  return job;
}

export interface OrganizationBacklog {
  waiting: number;
  active: number;
  /** Waiting for a retry after a failed attempt. */
  delayed: number;
  /** When the organization's longest-waiting job was enqueued (ms), null when none waits. */
  oldestEnqueuedAt: number | null;
}

/** The backlog of each organization that has jobs pending in a fair queue (others absent). */
export async function readOrganizationBacklog(
  queue: Queue,
): Promise<Map<number, OrganizationBacklog>> {
  const keys = fairKeys(queue);
  const redis = await redisOf(queue as Queue);
  const flat = (await redis.eval(
    BACKLOG_SCRIPT,
    4,
    keys.organizations,
    queue.keys.active!,
    queue.keys.delayed!,
    keys.reserved,
    keys.jobPrefix,
    keys.organizationPrefix,
  )) as (string | number)[];
  const backlog = new Map<number, OrganizationBacklog>();
  for (let at = 0; at + 4 < flat.length; at += 5) {
    const oldest = Number(flat[at + 4]);
    backlog.set(Number(flat[at]), {
      waiting: Number(flat[at + 1]),
      active: Number(flat[at + 2]),
      delayed: Number(flat[at + 3]),
      oldestEnqueuedAt: oldest < 0 ? null : oldest,
    });
  }
  return backlog;
}
