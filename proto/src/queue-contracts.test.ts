import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { QUEUE_CONTRACTS, type QueueJobData } from './queue-contracts.js';
import { QUEUES } from './queues.js';

/**
 * Each queue has one contract, and each contract exactly one handling process: the process whose
 * sources start its worker (`startWorker(QUEUE_CONTRACTS.<queue>, ...)`), as immich refuses to
 * start when a job has no handler or two. A worker's `queues` in infra/processes.json (what
 * Kubernetes scales it on) must name the same queues.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

interface Process {
  name: string;
  kind: string;
  entry: string;
  queues?: string[];
}
const processes = JSON.parse(readFileSync(join(root, 'infra/processes.json'), 'utf8')) as Process[];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // A test-support folder holds the tests' own harnesses, never a process's workers.
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const CALL = /\bstartWorker\s*(?:<[^>(]*>)?\(/g;
const BY_CONTRACT = /\bstartWorker\s*(?:<[^>(]*>)?\(\s*QUEUE_CONTRACTS\.(\w+)\s*,/g;

/** Process name -> the contract keys its sources start workers for. */
const handled = new Map(
  processes.map((process) => {
    const text = sources(join(root, dirname(dirname(process.entry)), 'src'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const keys = [...text.matchAll(BY_CONTRACT)].map((match) => match[1]!);
    return [process.name, { keys, calls: [...text.matchAll(CALL)].length }];
  }),
);

describe('queue contracts', () => {
  it('has one contract per queue, under the same key', () => {
    expect(Object.keys(QUEUE_CONTRACTS).sort()).toEqual(Object.keys(QUEUES).sort());
    for (const [key, contract] of Object.entries(QUEUE_CONTRACTS))
      expect(contract.name).toBe(QUEUES[key as keyof typeof QUEUES]);
  });

  it('names its contract in every worker a process starts', () => {
    for (const [process, { keys, calls }] of handled)
      expect(keys.length, `${process}: a startWorker call without its contract`).toBe(calls);
  });

  it.each(Object.keys(QUEUE_CONTRACTS))('%s has exactly one handling process', (key) => {
    const handlers = [...handled].flatMap(([process, { keys }]) =>
      keys.filter((handledKey) => handledKey === key).map(() => process),
    );
    expect(handlers, `handlers of ${key}`).toHaveLength(1);
  });

  it('starts no worker for a queue without a contract', () => {
    const known = new Set(Object.keys(QUEUE_CONTRACTS));
    for (const [process, { keys }] of handled)
      expect(
        keys.filter((key) => !known.has(key)),
        process,
      ).toEqual([]);
  });

  it("lists in each worker's processes.json queues the queues it handles", () => {
    for (const process of processes.filter((p) => p.kind === 'worker')) {
      const names = handled
        .get(process.name)!
        .keys.map((key) => QUEUE_CONTRACTS[key as keyof typeof QUEUE_CONTRACTS].name);
      expect([...(process.queues ?? [])].sort(), process.name).toEqual(names.sort());
    }
  });
});

describe('face enrolment job ids', () => {
  const enrolment = {
    userId: 12,
    organizationId: 3,
    pictureKey: 'org/3/face-references/12/a b.png',
    changedBy: 12,
  };
  const jobId = (job: QueueJobData<typeof QUEUE_CONTRACTS.faceEnrolment>) =>
    QUEUE_CONTRACTS.faceEnrolment.jobId!(job);

  it('names one enrolment per user and picture', () => {
    expect(jobId(enrolment)).toBe('face-12-org_3_face-references_12_a_b_png');
    expect(jobId({ ...enrolment, purpose: 'reference' })).toBe(jobId(enrolment));
  });

  it('names an enrolment again into another space apart, once per space', () => {
    const again = jobId({ ...enrolment, reenrolInto: 'face-api@1.8.0/face-recognition-128d' });
    expect(again).not.toBe(jobId(enrolment));
    expect(again).toMatch(/^[\w-]+$/);
    expect(jobId({ ...enrolment, reenrolInto: 'face-api@1.9.0/face-recognition-128d' })).not.toBe(
      again,
    );
  });
});
