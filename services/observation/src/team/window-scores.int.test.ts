import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { PERFORMANCE_WINDOW_DAYS } from '@hub/proto';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { WindowScores1767801000000 } from '../migrations/1767801000000-window-scores.js';
import { rerunBackfill } from '../test-support/rerun-backfill.js';
import { secondWaitsForFirst } from '../test-support/second-waits.js';
import { TeamRepository } from './team.repository.js';

/**
 * Every person's window mean read as whole tenths (`scores`, team stats) against
 * `performance`, which reads `round(avg(score), 1)`: exact halves, thirds, 0 and 100, one
 * score, scores outside the window and in progress, another organization, and random scores.
 */
describe('TeamRepository.scores', () => {
  let resources: TestResources;
  let db: DataSource;
  let repository: TeamRepository;

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    repository = new TeamRepository(db);
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('reads what performance reads for every observed person', async () => {
    const fixed: [number, number[]][] = [
      [1, [85.0, 85.5]],
      [2, [70.1, 70.2, 70.2]],
      [3, [33.3, 33.3, 33.4]],
      [4, [0, 100]],
      [5, [90.0, 90.1]],
      [6, [0]],
      [7, [99.9, 100, 100, 100]],
    ];
    const random = Array.from({ length: 200 }, (_, i): [number, number[]] => [
      100 + i,
      Array.from({ length: 1 + (i % 7) }, (_, j) => ((i * 7919 + j * 104_729) % 1001) / 10),
    ]);
    const rows = [...fixed, ...random].flatMap(([person, scores]) =>
      scores.map((score, j) => [person, score, j % 5 === 4 ? 120 : j] as const),
    );
    await db.query(
      `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title,
         questions, operator_id, operator_name, observer_id, observer_name, pass_mark, status,
         score, passed, started_at, completed_at)
       SELECT o, 1, 1, 'T', '[]', p, 'P', 1, 'O', 80, 'completed', s, s >= 80,
              now() - d * interval '1 day' - interval '1 hour', now() - d * interval '1 day'
         FROM unnest($1::int[], $2::numeric[], $3::int[]) AS r(p, s, d), (VALUES (1), (2)) v(o)
        WHERE o = 1 OR p % 3 = 0`,
      [rows.map((row) => row[0]), rows.map((row) => row[1]), rows.map((row) => row[2])],
    );
    await db.query(
      `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title,
         questions, operator_id, operator_name, observer_id, observer_name, pass_mark)
       VALUES (1, 1, 1, 'T', '[]', 9, 'P', 1, 'O', 80)`,
    );
    await expectAsPerformance('seeded');
    const read = await repository.scores(1);
    expect(read.size).toBeGreaterThan(150);
    expect([1, 2, 3, 4, 5, 6, 7].map((person) => read.get(person))).toEqual([
      85.3, 70.2, 33.3, 50, 90.1, 0, 100,
    ]);
  });

  /** `scores` equals `performance` of everyone observed, and the table its definition. */
  async function expectAsPerformance(label: string) {
    const everyone = (
      (await db.query(`SELECT DISTINCT operator_id AS id FROM observations`)) as { id: number }[]
    ).map((row) => row.id);
    for (const organizationId of [1, 2, 3])
      expect(await repository.scores(organizationId), label).toEqual(
        await repository.performance(organizationId, everyone),
      );
    const [kept, defined] = await Promise.all(
      [
        `SELECT * FROM window_scores`,
        `SELECT organization_id, operator_id, min(completed_at) AS first_at,
                max(completed_at) AS last_at, coalesce(sum((score * 10)::int), 0) AS tenths,
                count(score)::int AS scored, array_agg(completed_at) AS completed_ats,
                array_agg((score * 10)::int) AS score_tenths
           FROM observations WHERE status = 'completed'
            AND completed_at >= now() - interval '${PERFORMANCE_WINDOW_DAYS} days'
          GROUP BY 1, 2`,
      ].map((sql) =>
        db.query(`SELECT organization_id, operator_id, first_at, last_at, tenths::int, scored,
                         (SELECT array_agg(a ORDER BY a) FROM unnest(completed_ats) a) AS ats,
                         (SELECT array_agg(t ORDER BY t) FROM unnest(score_tenths) t) AS scores
                    FROM (${sql}) t ORDER BY 1, 2`),
      ),
    );
    expect(kept, label).toEqual(defined);
  }

  it('keeps the figures through each kind of write, and the backfill', async () => {
    const one = (person: number) => `(SELECT id FROM observations WHERE operator_id = ${person}
      AND organization_id = 1 AND status = 'completed' ORDER BY id LIMIT 1)`;
    const writes = [
      // Person 9's observation completed; a score corrected; one moved out of the window.
      `UPDATE observations SET status = 'completed', score = 77.7, passed = false,
         completed_at = now() WHERE operator_id = 9`,
      `UPDATE observations SET score = 12.3 WHERE id = ${one(1)}`,
      `UPDATE observations SET completed_at = now() - interval '100 days' WHERE id = ${one(2)}`,
      // Moved to another person and organization; back in progress; a column not counted.
      `UPDATE observations SET operator_id = 4 WHERE id = ${one(3)}`,
      `UPDATE observations SET organization_id = 3 WHERE id = ${one(5)}`,
      `UPDATE observations SET status = 'in_progress', completed_at = NULL WHERE id = ${one(7)}`,
      `UPDATE observations SET initial_notes = 'n' WHERE organization_id = 1`,
      // Everyone's at once (more than 100 people), deletions, an organization's deleted.
      `UPDATE observations SET score = 100 - score WHERE operator_id % 4 = 0`,
      `DELETE FROM observations WHERE id = ${one(4)}`,
      `DELETE FROM observations WHERE operator_id % 5 = 0 AND organization_id = 1`,
      `DELETE FROM observations WHERE organization_id = 2`,
    ];
    for (const write of writes) {
      await db.query(write);
      await expectAsPerformance(write);
    }
    await rerunBackfill(db, new WindowScores1767801000000());
    await expectAsPerformance('backfill');
  });

  it('keeps both of two transactions completing the same person at once', async () => {
    const started = (await db.query(
      `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title,
         questions, operator_id, operator_name, observer_id, observer_name, pass_mark)
       SELECT 1, 1, d, 'T', '[]', 40000, 'P', 1, 'O', 80 FROM generate_series(1, 2) d
       RETURNING id`,
    )) as { id: number }[];
    const complete = `UPDATE observations SET status = 'completed', score = $2, passed = true,
      completed_at = now() WHERE id = $1`;
    // The second waits for the first's lock on the person before reading the observations.
    await secondWaitsForFirst(
      db,
      [complete, [started[0]!.id, 60]],
      [complete, [started[1]!.id, 91]],
    );
    await expectAsPerformance('completed at once');
    expect((await repository.scores(1)).get(40_000)).toBe(75.5);
  });

  it('reads the window as it moves on with no write (earliest held observations leave it)', async () => {
    // People with observations every 10 days over the last 95 days (none on the window's start), then 15 days passing: the
    // observations and the kept rows moved 15 days back at once, as if read 15 days later.
    await db.query(
      `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title,
         questions, operator_id, operator_name, observer_id, observer_name, pass_mark, status,
         score, passed, started_at, completed_at)
       SELECT 1, 1, 1, 'T', '[]', 500 + p, 'P', 1, 'O', 80, 'completed', (p * 37 + d) % 101,
              true, now() - (d * 10 + p + 0.5) * interval '1 day' - interval '1 hour',
              now() - (d * 10 + p + 0.5) * interval '1 day'
         FROM generate_series(0, 9) p, generate_series(0, 9) d WHERE d * 10 + p <= 95`,
    );
    await expectAsPerformance('inserted');
    await db.query(`ALTER TABLE observations DISABLE TRIGGER observations_scores_updated`);
    try {
      await db.query(`UPDATE observations SET completed_at = completed_at - interval '15 days'`);
    } finally {
      await db.query(`ALTER TABLE observations ENABLE TRIGGER observations_scores_updated`);
    }
    await db.query(`UPDATE window_scores SET first_at = first_at - interval '15 days',
      last_at = last_at - interval '15 days',
      completed_ats = (SELECT array_agg(a - interval '15 days') FROM unnest(completed_ats) a)`);
    const everyone = Array.from({ length: 10 }, (_, p) => 500 + p);
    const read = await repository.scores(1);
    expect(new Map(everyone.map((id) => [id, read.get(id)]))).toEqual(
      await repository.performance(1, everyone),
    );
    expect(read.size).toBe((await repository.performance(1, [...read.keys()])).size);
  });
});
