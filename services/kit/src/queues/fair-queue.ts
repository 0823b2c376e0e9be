import type { Job, JobsOptions, Queue } from 'bullmq';
import type { Redis } from 'ioredis';

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
 * update (a crash between two steps, a cancelled job) cannot make it drift. Retries keep the
 * job's priority (BullMQ's own retry puts it back in the prioritized set with it), and a stalled
 * job goes back to the plain wait list, which workers serve before prioritized jobs.
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
    jobPrefix: queue.toKey(''),
  };
}

/** Drops finished or removed jobs at both ends of the organization's set; answers the rank. */
const RANK_SCRIPT = `
local jobPrefix = ARGV[1]
local existing = jobPrefix .. ARGV[2]
if redis.call('EXISTS', existing) == 1 then
  return tonumber(redis.call('HGET', existing, 'priority')) or 0
end
local function gone(id)
  local key = jobPrefix .. id
  return redis.call('EXISTS', key) == 0 or redis.call('HEXISTS', key, 'finishedOn') == 1
end
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
return math.min(rank, tonumber(ARGV[3]))
`;

/** Per organization with jobs in the index: waiting, active and delayed (retry) counts. */
const BACKLOG_SCRIPT = `
local jobPrefix, organizationPrefix = ARGV[1], ARGV[2]
local active = {}
for _, id in ipairs(redis.call('LRANGE', KEYS[2], 0, -1)) do active[id] = true end
local answer = {}
for _, organization in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local key = organizationPrefix .. organization
  local waiting, running, delayed, oldest = 0, 0, 0, -1
  for _, id in ipairs(redis.call('ZRANGE', key, 0, -1)) do
    local fields = redis.call('HMGET', jobPrefix .. id, 'timestamp', 'finishedOn')
    if not fields[1] or fields[2] then
      redis.call('ZREM', key, id)
    elseif active[id] then
      running = running + 1
    elseif redis.call('ZSCORE', KEYS[3], id) then
      delayed = delayed + 1
    else
      waiting = waiting + 1
      local enqueuedAt = tonumber(fields[1])
      if oldest < 0 or enqueuedAt < oldest then oldest = enqueuedAt end
    end
  end
  if waiting + running + delayed == 0 then
    redis.call('SREM', KEYS[1], organization)
  else
    table.insert(answer, organization)
    table.insert(answer, waiting)
    table.insert(answer, running)
    table.insert(answer, delayed)
    table.insert(answer, oldest)
  end
end
return answer
`;

type FairJobOptions = Omit<JobsOptions, 'priority' | 'lifo'> & { jobId: string };

/**
 * Adds a job of an organization to a shared queue with its fair rank as BullMQ priority. Every
 * producer of a queue that serves several organizations adds through here (a job added without
 * a priority would go before all of them). The job id is required: a second add of the same id
 * stays the no-op it is in BullMQ, and keeps the first rank.
 */
export async function addFairly<T extends OrganizationJob>(
  queue: Queue<T>,
  name: string,
  data: T,
  options: FairJobOptions,
): Promise<Job<T>> {
  const keys = fairKeys(queue as Queue);
  const redis = await redisOf(queue as Queue);
  const organizationKey = keys.of(data.organizationId);
  const rank = Number(
    await redis.eval(
      RANK_SCRIPT,
      3,
      organizationKey,
      queue.keys.active!,
      queue.keys.prioritized!,
      keys.jobPrefix,
      options.jobId,
      String(MAX_RANK),
    ),
  );
  // Typed loosely by BullMQ (its name type is the queue's third parameter).
  const add = queue.add.bind(queue) as unknown as (
    n: string,
    d: T,
    o: JobsOptions,
  ) => Promise<Job<T>>;
  const job = await add(name, data, { ...options, priority: Math.max(1, rank) });
  // After the add: a member is only ever a job that exists (or did). Lost if we stop just here,
  // which costs that job its place in the counts, never a job.
  await redis
    .multi()
    .zadd(organizationKey, 'NX', rank, options.jobId)
    .sadd(keys.organizations, String(data.organizationId))
    .exec();
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
    3,
    keys.organizations,
    queue.keys.active!,
    queue.keys.delayed!,
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
