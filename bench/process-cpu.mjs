// CPU time spent by each process taking part in a benchmark: the services started from their
// builds, Redis, the PostgreSQL backends serving the benchmark's database and the benchmark
// itself (the load generator). A
// throughput ratio says how much slower a path is; this says in which process the time goes.
import { readdirSync, readFileSync } from 'node:fs';

const POSTGRES = 'postgres backend ';

/** Linux's clock ticks per second for /proc/<pid>/stat (USER_HZ, 100 on every usual kernel). */
const TICKS_PER_SECOND = 100;

/** @param {number | string} pid @returns {number} CPU ms (user + system) so far, 0 if gone */
function procCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces, start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * How long the process's threads have waited for a CPU while ready to run, in ms so far (0 if
 * gone): on a machine with fewer cores than busy processes, this is where a request's time goes
 * between two processes' turns.
 * @param {number | string} pid
 */
function procRunQueueWaitMs(pid) {
  try {
    let waitedNs = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      // schedstat: time on the CPU, time waiting on a run queue (both ns), timeslices run.
      const fields = readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ');
      waitedNs += Number(fields[1] ?? 0);
    }
    return waitedNs / 1e6;
  } catch {
    return 0;
  }
}

/**
 * Run-queue waits so far, by process name: the children, Redis when it runs on this machine
 * (its pid from INFO), the PostgreSQL backends and the benchmark itself (the load generator).
 * @param {{ name: string, child: import('node:child_process').ChildProcess }[]} children
 * @param {import('ioredis').Redis} redis
 * @param {import('pg').Client} sql  connected to the benchmark's database
 * @returns {Promise<CpuSnapshot>}
 */
export async function runQueueWaitSnapshot(children, redis, sql) {
  /** @type {CpuSnapshot} */
  const snapshot = {};
  for (const { name, child } of children) snapshot[name] = procRunQueueWaitMs(child.pid ?? 0);
  const redisPid = /^process_id:(\d+)/m.exec(await redis.info('server'))?.[1];
  snapshot.redis = redisPid ? procRunQueueWaitMs(redisPid) : 0;
  for (const pid of await backendPids(sql)) snapshot[`${POSTGRES}${pid}`] = procRunQueueWaitMs(pid);
  snapshot['load generator'] = procRunQueueWaitMs(process.pid);
  return snapshot;
}

/**
 * Each backend of the benchmark's database by pid: pools open and close them while the load
 * runs. Backends of other databases (other programs' work) are left out.
 * @param {import('pg').Client} sql @returns {Promise<number[]>}
 */
async function backendPids(sql) {
  const { rows } = await sql.query(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  return rows.map((row) => Number(row.pid));
}

/** @param {import('ioredis').Redis} redis @returns {Promise<number>} Redis's CPU ms so far */
async function redisCpuMs(redis) {
  const info = await redis.info('cpu');
  const seconds = (/** @type {string} */ key) =>
    Number(new RegExp(`^${key}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0);
  return (seconds('used_cpu_user') + seconds('used_cpu_sys')) * 1000;
}

/**
 * @typedef {Record<string, number>} CpuSnapshot  CPU ms so far, by process name
 * @param {{ name: string, child: import('node:child_process').ChildProcess }[]} children
 * @param {import('ioredis').Redis} redis
 * @param {import('pg').Client} sql  connected to the benchmark's database
 * @returns {Promise<CpuSnapshot>}
 */
export async function cpuSnapshot(children, redis, sql) {
  /** @type {CpuSnapshot} */
  const snapshot = {};
  for (const { name, child } of children) snapshot[name] = procCpuMs(child.pid ?? 0);
  snapshot.redis = await redisCpuMs(redis);
  for (const pid of await backendPids(sql)) snapshot[`${POSTGRES}${pid}`] = procCpuMs(pid);
  const own = process.cpuUsage();
  snapshot['load generator'] = (own.user + own.system) / 1000;
  return snapshot;
}

/**
 * CPU ms per request, by process, between two snapshots.
 * @param {CpuSnapshot} before @param {CpuSnapshot} after @param {number} requests
 * @returns {CpuSnapshot}
 */
export function cpuPerRequest(before, after, requests) {
  /** @type {CpuSnapshot} */
  const spent = { postgres: 0 };
  for (const [name, ms] of Object.entries(after)) {
    const perRequest = requests > 0 ? (ms - (before[name] ?? 0)) / requests : 0;
    // A backend that closed meanwhile is missing from `after`; one opened counts from zero.
    if (name.startsWith(POSTGRES)) spent.postgres = (spent.postgres ?? 0) + perRequest;
    else spent[name] = perRequest;
  }
  return spent;
}
