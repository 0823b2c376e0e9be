import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { PERFORMANCE_WINDOW_DAYS } from '@hub/proto';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { secondWaitsForFirst } from '../test-support/second-waits.js';
import { TeamRepository } from './team.repository.js';

const WINDOW = `now() - interval '${PERFORMANCE_WINDOW_DAYS} days'`;

/** The pass counts by SOP as before `observation_weeks`: the window's observations counted. */
async function expectPassesAsBefore(
  db: DataSource,
  repository: TeamRepository,
  organizationId: number,
  label: string,
) {
  const before = (await db.query(
    `SELECT document_id AS "documentId", count(*)::int AS total,
            count(*) FILTER (WHERE passed)::int AS passed
       FROM observations WHERE organization_id = $1 AND status = 'completed'
        AND completed_at >= ${WINDOW}
      GROUP BY document_id ORDER BY document_id`,
    [organizationId],
  )) as unknown[];
  const read = await repository.passesBySop(organizationId);
  expect(
    read.sort((a, b) => a.documentId - b.documentId),
    label,
  ).toEqual(before);
}

/**
 * Team stats' first attempts read from `first_attempts` (issue #49 item 7) against their
 * definition, the query they replace: each person's first completed observation of each SOP
 * (earliest completion, then lowest id) among every observation of the organization, counted
 * when it fell in the window. Compared after every kind of write: completions, re-observations,
 * earlier and later completions, ties, moves between people, SOPs and organizations, deletes,
 * many people at once, and two transactions completing the same person's SOP at once.
 */
describe('TeamRepository.firstAttempts', () => {
  let resources: TestResources;
  let db: DataSource;
  let repository: TeamRepository;
  const people = Array.from({ length: 12 }, (_, i) => 1000 + i);
  const sops = [11, 12, 13];

  /** Inserts an observation; `daysAgo` null: in progress. */
  async function observe(
    organizationId: number,
    operatorId: number,
    documentId: number,
    daysAgo: number | null,
    passed = true,
  ): Promise<number> {
    const [row] = (await db.query(
      `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title,
         questions, operator_id, operator_name, observer_id, observer_name, pass_mark, status,
         score, passed, started_at, completed_at)
       SELECT $1, 1, $2, 'T', '[]', $3, 'P', 1, 'O', 80, CASE WHEN d IS NULL THEN 'in_progress'
              ELSE 'completed' END, CASE WHEN d IS NOT NULL THEN 90 END,
              CASE WHEN d IS NOT NULL THEN $5::boolean END,
              now() - coalesce(d, 0) * interval '1 day' - interval '1 hour',
              now() - d * interval '1 day'
         FROM (SELECT $4::int AS d) a RETURNING id`,
      [organizationId, documentId, operatorId, daysAgo, passed],
    )) as { id: number }[];
    return row!.id;
  }

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    repository = new TeamRepository(db);
    // Per (person, SOP): none, one, several (before and in the window), in progress, failed
    // first; the other organization with some of the same people and SOPs.
    for (const [i, person] of people.entries())
      for (const [j, sop] of sops.entries()) {
        const kind = (i + j) % 6;
        if (kind === 0) continue;
        if (kind === 1) await observe(1, person, sop, 10, i % 2 === 0);
        if (kind === 2) {
          await observe(1, person, sop, 200, false);
          await observe(1, person, sop, 5);
        }
        if (kind === 3) {
          await observe(1, person, sop, 60, false);
          await observe(1, person, sop, 30);
          await observe(1, person, sop, null);
        }
        if (kind === 4) await observe(1, person, sop, null);
        if (kind === 5) await observe(2, person, sop, 20, j === 0);
      }
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  /** The definition: the previous query. */
  async function expected(organizationId: number) {
    const [row] = (await db.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE passed)::int AS passed FROM (
         SELECT DISTINCT ON (operator_id, document_id) passed, completed_at FROM observations
          WHERE organization_id = $1 AND status = 'completed'
          ORDER BY operator_id, document_id, completed_at, id) first
        WHERE completed_at >= ${WINDOW}`,
      [organizationId],
    )) as { total: number; passed: number }[];
    return row;
  }

  /** The table and the counts as the definition computes them from observations now. */
  async function compare(label: string) {
    const [stored, defined] = await Promise.all(
      [
        `SELECT organization_id, operator_id, document_id, completed_at, passed FROM first_attempts`,
        `SELECT DISTINCT ON (organization_id, operator_id, document_id)
                organization_id, operator_id, document_id, completed_at, passed
           FROM observations WHERE status = 'completed'
          ORDER BY organization_id, operator_id, document_id, completed_at, id`,
      ].map((sql) => db.query(`SELECT * FROM (${sql}) t ORDER BY 1, 2, 3`)),
    );
    expect(stored, label).toEqual(defined);
    for (const organizationId of [1, 2, 3]) {
      expect(await repository.firstAttempts(organizationId), label).toEqual(
        await expected(organizationId),
      );
      await expectPassesAsBefore(db, repository, organizationId, label);
    }
  }

  it('counts what the previous query counted, after every kind of write', async () => {
    await compare('seeded');
    expect((await expected(1))!.total).toBeGreaterThan(5);
    const [p0, p1, p2, p3, p4, p5] = people as [number, number, number, number, number, number];
    const first = `(SELECT id FROM observations WHERE organization_id = 1 AND operator_id = $1
       AND document_id = $2 AND status = 'completed' ORDER BY completed_at, id LIMIT 1)`;
    const changes: [string, unknown[]][] = [
      // Completed now: a first attempt (kind 4), a re-observation (kind 3's in-progress one).
      [
        `UPDATE observations SET status = 'completed', score = 50, passed = false,
           completed_at = now() WHERE organization_id = 1 AND status = 'in_progress'
           AND operator_id = ANY($1::int[])`,
        [[p0, p1, p2, p3, p4]],
      ],
      // The first attempt fails after all; moves out of the window; a tie with the next one.
      [`UPDATE observations SET passed = NOT passed WHERE id = ${first}`, [p1, 11]],
      [
        `UPDATE observations SET completed_at = now() - interval '120 days' WHERE id = ${first}`,
        [p2, 12],
      ],
      [
        `UPDATE observations o SET completed_at = n.completed_at FROM observations n
          WHERE o.id = ${first} AND n.organization_id = 1 AND n.operator_id = o.operator_id
            AND n.document_id = o.document_id AND n.id <> o.id AND n.status = 'completed'`,
        [p2, 11],
      ],
      // Moved to another SOP, person, organization; back in progress; deleted.
      [`UPDATE observations SET document_id = 14 WHERE id = ${first}`, [p3, 11]],
      [`UPDATE observations SET operator_id = $3 WHERE id = ${first}`, [p4, 11, p5]],
      [`UPDATE observations SET organization_id = 2 WHERE id = ${first}`, [p5, 13]],
      [
        `UPDATE observations SET status = 'in_progress', completed_at = NULL WHERE id = ${first}`,
        [p0, 13],
      ],
      [`DELETE FROM observations WHERE id = ${first}`, [p1, 11]],
      [`DELETE FROM observations WHERE organization_id = 1 AND operator_id = $1`, [p2]],
      // An earlier completion than the first one (a record imported late).
      [
        `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title,
           questions, operator_id, operator_name, observer_id, observer_name, pass_mark, status,
           score, passed, started_at, completed_at)
         SELECT 1, 1, document_id, 'T', '[]', operator_id, 'P', 1, 'O', 80, 'completed', 10,
                false, completed_at - interval '2 days', completed_at - interval '1 day'
           FROM observations WHERE id = ${first}`,
        [p0, 12],
      ],
      // Not a column of the rows: nothing to do.
      [`UPDATE observations SET initial_notes = 'n' WHERE organization_id = 1`, []],
    ];
    for (const [sql, parameters] of changes) {
      await db.query(sql, parameters);
      await compare(sql);
    }
  });

  it('keeps the rows when many people are written at once, and when an organization goes', async () => {
    const many = Array.from({ length: 150 }, (_, i) => 20_000 + i);
    await db.query(
      `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title,
         questions, operator_id, operator_name, observer_id, observer_name, pass_mark, status,
         score, passed, started_at, completed_at)
       SELECT 1, 1, 11 + d, 'T', '[]', u, 'P', 1, 'O', 80, 'completed', 90, (u + d) % 3 = 0,
              now() - (u % 100 + d) * interval '1 day' - interval '1 hour',
              now() - (u % 100 + d) * interval '1 day'
         FROM unnest($1::int[]) u, generate_series(0, 2) d`,
      [many],
    );
    await compare('many inserted');
    await db.query(
      `UPDATE observations SET completed_at = completed_at - interval '50 days'
        WHERE operator_id = ANY($1::int[]) AND document_id = 12`,
      [many],
    );
    await compare('many updated');
    await db.query(`DELETE FROM observations WHERE organization_id = 2`);
    await compare('organization deleted');
  });

  it('waits for another transaction completing the same person and SOP', async () => {
    const person = 30_000;
    const [a, b] = [await observe(1, person, 11, null), await observe(1, person, 11, null)];
    const complete = `UPDATE observations SET status = 'completed', score = 90, passed = $2,
      completed_at = now() WHERE id = $1`;
    // The second waits for the first's lock on the person before reading the observations.
    await secondWaitsForFirst(db, [complete, [a, true]], [complete, [b, false]]);
    await compare('completed at once');
  });
});

/**
 * Team stats' pass counts by SOP read from `observation_weeks` and the week the window starts
 * in (issue #49 item 7) against counting the window's observations: completions every 3 hours
 * from 110 days back to 10 days ahead (every week boundary, both sides of the window's start),
 * in progress and without a completion time, three SOPs, two organizations, then writes.
 */
describe('TeamRepository.passesBySop', () => {
  let resources: TestResources;
  let db: DataSource;
  let repository: TeamRepository;

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    repository = new TeamRepository(db);
    await db.query(
      `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title,
         questions, operator_id, operator_name, observer_id, observer_name, pass_mark, status,
         score, passed, started_at, completed_at)
       SELECT 1 + h % 2, 1, 1 + h % 3, 'T', '[]', h, 'P', 1 + h % 4, 'O', 80,
              CASE WHEN h % 11 = 0 THEN 'in_progress' ELSE 'completed' END, h % 101, h % 101 >= 80,
              now() - interval '111 days', CASE WHEN h % 13 = 0 THEN NULL
                ELSE now() - interval '110 days' + h * interval '3 hours' END
         FROM generate_series(0, 960) h`,
    );
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('counts what counting the observations of the window counted, after writes', async () => {
    const writes = [
      '',
      `UPDATE observations SET passed = NOT passed WHERE operator_id % 5 = 0`,
      `UPDATE observations SET completed_at = completed_at - interval '4 days' WHERE operator_id % 7 = 0`,
      `UPDATE observations SET document_id = 9 WHERE operator_id % 4 = 1`,
      `UPDATE observations SET status = 'in_progress', completed_at = NULL WHERE operator_id % 8 = 0`,
      `DELETE FROM observations WHERE operator_id % 9 = 0`,
    ];
    for (const write of writes) {
      if (write) await db.query(write);
      for (const organizationId of [1, 2, 3])
        await expectPassesAsBefore(db, repository, organizationId, write);
    }
    // Organization 2's people are odd: some moved to SOP 9.
    expect((await repository.passesBySop(1)).length).toBe(3);
    expect((await repository.passesBySop(2)).length).toBe(4);
  });
});
