import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import type { RpcClient } from '@hub/kit';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import type { CourseCompletion } from '../training/course-completion.js';
import { CompletionEffects } from './completion-effects.js';
import { ObservationsRepository } from './observations.repository.js';

const ACME = 64;
/** Completions 1..FAILING owe effects whose notice always fails; the last one's is owed after. */
const FAILING = 101;
const PASSES = 3;

/** Completion effects that keep failing wait, and do not hold newer ones back. */
describe('completion effects, failing', () => {
  let resources: TestResources;
  let db: DataSource;
  let effects: CompletionEffects;
  /** The observations, oldest first: the failing ones, then the newer. */
  let ids: number[];
  let newer: number;
  /** The notices tried, by observation. */
  const tried = new Map<number, number>();

  const triesOf = (id: number) => tried.get(id) ?? 0;
  /** The owed effects of this observation: its failures, and minutes until it is tried again. */
  const wait = async (id: number) => {
    const [row] = (await db.query(
      `SELECT attempts, round(extract(epoch FROM next_attempt_at - now()) / 60)::int AS minutes
         FROM completion_effects WHERE observation_id = $1`,
      [id],
    )) as { attempts: number; minutes: number }[];
    return row;
  };
  /** Time comes: the effects of this observation are due. */
  const due = (id: number) =>
    db.query(
      `UPDATE completion_effects SET next_attempt_at = now() - interval '1 second'
        WHERE observation_id = $1`,
      [id],
    );

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    const rows = (await db.query(
      `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title,
         questions, operator_id, operator_name, observer_id, observer_name, pass_mark, status,
         score, passed, started_at, completed_at)
       SELECT $1, 1, 1, 'T', '[]', n, 'P', 1000, 'O', 80, 'completed', 90, true,
              now() - interval '1 day', now()
         FROM generate_series(1, $2::int) n ORDER BY n RETURNING id`,
      [ACME, FAILING + 1],
    )) as { id: number }[];
    ids = rows.map((row) => row.id).sort((a, b) => a - b);
    newer = ids[FAILING]!;
    // Owed oldest first; the operators gone, so only the notice is owed.
    await db.query(
      `INSERT INTO completion_effects (observation_id, operator_present, created_at)
       SELECT id, false, now() - interval '1 minute' * (array_length($1::int[], 1) - ordinality)
         FROM unnest($1::int[]) WITH ORDINALITY AS k(id, ordinality)`,
      [ids],
    );
    const rpc = {
      call: (_contract: unknown, request: { key: string }) => {
        const id = Number(request.key.split(':')[1]);
        tried.set(id, triesOf(id) + 1);
        return id === newer ? Promise.resolve() : Promise.reject(new Error('identity away'));
      },
    } as unknown as RpcClient;
    const courses = {
      recheckCourses: () => Promise.resolve(),
      settleOwed: () => Promise.resolve(),
    } as unknown as CourseCompletion;
    effects = new CompletionEffects(new ObservationsRepository(db), rpc, courses);
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('settles a newer one while more than a batch of older ones keep failing', async () => {
    for (let pass = 0; pass < PASSES; pass += 1) await effects.settle();

    expect(triesOf(newer)).toBe(1);
    expect(await wait(newer)).toBeUndefined();
    // Each failing one tried once, its failure kept, and waiting.
    const failing = ids.slice(0, FAILING);
    expect(failing.map(triesOf)).toEqual(failing.map(() => 1));
    const owed = (await db.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE attempts = 1)::int AS tried,
              count(last_error)::int AS errors,
              count(*) FILTER (WHERE next_attempt_at > now())::int AS waiting
         FROM completion_effects`,
    )) as { n: number; tried: number; errors: number; waiting: number }[];
    expect(owed).toEqual([{ n: FAILING, tried: FAILING, errors: FAILING, waiting: FAILING }]);
  });

  it('is not tried again before its time, and is after, waiting longer', async () => {
    const oldest = ids[0]!;
    await effects.settle();
    expect(triesOf(oldest)).toBe(1);
    expect(await wait(oldest)).toEqual({ attempts: 1, minutes: 1 });

    await due(oldest);
    await effects.settle();
    await effects.settle();
    expect(triesOf(oldest)).toBe(2);
    expect(await wait(oldest)).toEqual({ attempts: 2, minutes: 2 });
    expect(triesOf(ids[1]!)).toBe(1);
  });
});
