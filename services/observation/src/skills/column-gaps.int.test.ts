import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { type GapPeople, lessGaps, SkillsMatrixRepository } from './skills-matrix.repository.js';

/**
 * The column gaps counted from head counts (issue #49 item 7) against their definition, the
 * query they replace: every distinct (person, SOP) a function of the person requires, less
 * those with a certification in force that needs no re-observation. People of one, two and
 * three functions, functions sharing SOPs, certifications revoked, expired and due again,
 * another organization's rows, and each way of naming the people.
 */
describe('SkillsMatrixRepository.columnGaps', () => {
  let resources: TestResources;
  let db: DataSource;
  let repository: SkillsMatrixRepository;
  const functions: number[] = [];
  const people = Array.from({ length: 40 }, (_, i) => 1000 + i);
  const sops = [11, 12, 13, 14, 15, 16, 17, 18];

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    repository = new SkillsMatrixRepository(db);
    for (const [organization, name] of [
      [1, 'A'],
      [1, 'B'],
      [1, 'C'],
      [1, 'D'],
      [2, 'Other'],
    ] as const) {
      const [row] = (await db.query(
        `INSERT INTO job_functions (organization_id, name, created_by) VALUES ($1, $2, 1)
         RETURNING id`,
        [organization, name],
      )) as { id: number }[];
      functions.push(row!.id);
    }
    // A: 11-13, B: 12-15 (shares 12, 13 with A), C: 15-17, D: nothing; the other's: 11-18.
    const required: [number, number[]][] = [
      [functions[0]!, [11, 12, 13]],
      [functions[1]!, [12, 13, 14, 15]],
      [functions[2]!, [15, 16, 17]],
      [functions[4]!, sops],
    ];
    for (const [jobFunction, documents] of required)
      for (const document of documents)
        await db.query(
          `INSERT INTO job_function_sops (job_function_id, document_id, title) VALUES ($1, $2, 'T')`,
          [jobFunction, document],
        );
    // Person i: functions by the bits of i % 8 (none, one, two or three of A, B, C), and D for
    // every fifth; the other organization's function holds some of the same ids.
    for (const [i, person] of people.entries()) {
      const mine = functions.slice(0, 3).filter((_, bit) => (i % 8) & (1 << bit));
      if (i % 5 === 0) mine.push(functions[3]!);
      for (const jobFunction of mine)
        await db.query(
          `INSERT INTO job_function_members (job_function_id, organization_id, user_id)
           VALUES ($1, 1, $2)`,
          [jobFunction, person],
        );
      if (i % 3 === 0)
        await db.query(
          `INSERT INTO job_function_members (job_function_id, organization_id, user_id)
           VALUES ($1, 2, $2)`,
          [functions[4], person],
        );
    }
    // Certifications: in force, revoked, expired, due again, in either organization.
    let code = 0;
    for (const [i, person] of people.entries())
      for (const [j, document] of sops.entries()) {
        const state = (i * 7 + j * 3) % 6;
        if (state === 5) continue;
        code += 1;
        await db.query(
          `INSERT INTO certifications (organization_id, user_id, holder_name, kind, subject_id,
             title, validity_months, issued_at, expires_at, verification_code, revoked_at,
             reobservation_version)
           VALUES ($1, $2, 'P', 'sop', $3, 'T', 12, now() - interval '1 month',
                   now() + CASE WHEN $4 = 2 THEN interval '-1 day' ELSE interval '11 months' END,
                   $5, CASE WHEN $4 = 1 THEN now() END, CASE WHEN $4 = 3 THEN 2 END)`,
          [state === 4 ? 2 : 1, person, document, state, `C${code}`],
        );
      }
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  /** The definition (the previous query): listed pairs, each checked for a certification. */
  async function expected(organizationId: number, who: GapPeople, documentIds: number[]) {
    const listed = 'userIds' in who ? who.userIds : null;
    const excluded = 'excludedIds' in who ? who.excludedIds : [];
    const jobFunctionId = 'jobFunctionId' in who ? (who.jobFunctionId ?? null) : null;
    const rows = (await db.query(
      `SELECT r.document_id, count(*)::int AS gaps
         FROM (SELECT DISTINCT m.user_id, s.document_id FROM job_function_members m
                 JOIN job_function_sops s ON s.job_function_id = m.job_function_id
                WHERE m.organization_id = $1 AND ($2::int[] IS NULL OR m.user_id = ANY($2::int[]))
                  AND NOT (m.user_id = ANY($4::int[])) AND s.document_id = ANY($3::int[])
                  AND ($5::int IS NULL OR m.user_id IN (
                        SELECT f.user_id FROM job_function_members f WHERE f.job_function_id = $5))) r
        WHERE NOT EXISTS (
          SELECT 1 FROM certifications c
           WHERE c.organization_id = $1 AND c.kind = 'sop' AND c.user_id = r.user_id
             AND c.subject_id = r.document_id AND c.revoked_at IS NULL AND c.expires_at > now()
             AND c.reobservation_version IS NULL)
        GROUP BY r.document_id`,
      [organizationId, listed, documentIds, excluded, jobFunctionId],
    )) as { document_id: number; gaps: number }[];
    return new Map(rows.map((row) => [row.document_id, row.gaps]));
  }

  /** Every way of naming the people, counted both ways. */
  async function compareAll() {
    const some = people.filter((_, i) => i % 3 !== 1);
    const cases: [number, GapPeople, number[]][] = [
      [1, { jobFunctionId: undefined, excludedIds: [] }, sops],
      [1, { jobFunctionId: undefined, excludedIds: [people[1]!, people[3]!, people[7]!] }, sops],
      [1, { jobFunctionId: functions[1], excludedIds: [people[6]!] }, sops],
      [1, { jobFunctionId: functions[3], excludedIds: [] }, sops],
      [1, { userIds: some }, sops],
      [1, { userIds: [people[7]!, people[15]!] }, [12, 13, 15]],
      [1, { jobFunctionId: undefined, excludedIds: [] }, [13, 15, 99]],
      [2, { jobFunctionId: undefined, excludedIds: [] }, sops],
      [2, { userIds: some }, sops],
    ];
    for (const [organizationId, who, documentIds] of cases) {
      const label = JSON.stringify([organizationId, who, documentIds]);
      const counted = await repository.columnGaps(organizationId, who, documentIds);
      const wanted = await expected(organizationId, who, documentIds);
      expect(wanted.size, label).toBeGreaterThan(0);
      expect(new Map([...counted].sort()), label).toEqual(new Map([...wanted].sort()));
    }
  }

  /** required_certifications as its definition computes it from the tables now. */
  async function heldRequiredNow() {
    const [stored, defined] = await Promise.all(
      [
        `SELECT organization_id, user_id, document_id, expires_at FROM required_certifications`,
        `SELECT c.organization_id, c.user_id, c.subject_id AS document_id, c.expires_at
           FROM certifications c
          WHERE c.kind = 'sop' AND c.revoked_at IS NULL AND c.reobservation_version IS NULL
            AND EXISTS (SELECT 1 FROM job_function_members m
                          JOIN job_functions f ON f.id = m.job_function_id
                           AND f.organization_id = c.organization_id
                          JOIN job_function_sops s ON s.job_function_id = m.job_function_id
                           AND s.document_id = c.subject_id
                         WHERE m.organization_id = c.organization_id AND m.user_id = c.user_id)`,
      ].map((sql) => db.query(`${sql} ORDER BY 1, 2, 3`)),
    );
    return { stored: stored as unknown[], defined: defined as unknown[] };
  }

  it('counts what the listed pairs counted, for every way of naming the people', async () => {
    await compareAll();
    expect(await repository.columnGaps(1, { userIds: [] }, sops)).toEqual(new Map());
  });

  it("counts every member but some as every member's gaps less theirs", async () => {
    const some = [people[1]!, people[3]!, people[6]!, people[7]!, people[15]!];
    const everyone = { jobFunctionId: undefined, excludedIds: [] };
    const theirs = await repository.columnGaps(1, { userIds: some }, sops);
    expect(theirs.size).toBeGreaterThan(0);
    expect(lessGaps(await repository.columnGaps(1, everyone, sops), theirs)).toEqual(
      await expected(1, { jobFunctionId: undefined, excludedIds: some }, sops),
    );
  });

  it('keeps the held certifications it counts as the tables change, one row or many at a time', async () => {
    const before = await heldRequiredNow();
    expect(before.stored.length).toBeGreaterThan(10);
    expect(before.stored).toEqual(before.defined);
    // People with rows (one row each changed below), in organization 1.
    const held = (await db.query(
      `SELECT DISTINCT ON (user_id) user_id AS "userId", document_id AS "documentId"
         FROM required_certifications WHERE organization_id = 1 ORDER BY user_id, document_id`,
    )) as { userId: number; documentId: number }[];
    expect(held.length).toBeGreaterThan(6);
    type Held = (typeof held)[number];
    const [h0, h1, h2, h3, h4, h5] = held as [Held, Held, Held, Held, Held, Held];
    const one = `organization_id = 1 AND user_id = $1 AND subject_id = $2`;
    const changes: [string, unknown[]][] = [
      // Revoked, due again, expired, renewed, moved to another SOP, deleted.
      [`UPDATE certifications SET revoked_at = now() WHERE ${one}`, [h1.userId, h1.documentId]],
      [
        `UPDATE certifications SET reobservation_version = 3 WHERE ${one}`,
        [h2.userId, h2.documentId],
      ],
      [
        `UPDATE certifications SET expires_at = now() - interval '1 day' WHERE ${one}`,
        [h5.userId, h5.documentId],
      ],
      [
        `UPDATE certifications SET expires_at = now() + interval '1 year', revoked_at = NULL,
          reobservation_version = NULL WHERE user_id = ANY($1::int[])`,
        [people.slice(8, 20)],
      ],
      [`UPDATE certifications SET subject_id = 99 WHERE ${one}`, [h3.userId, h3.documentId]],
      [`DELETE FROM certifications WHERE user_id = $1`, [h4.userId]],
      // A person leaves their functions, another joins one; a function's SOPs change; one is
      // deleted.
      [`DELETE FROM job_function_members WHERE user_id = $1 AND organization_id = 1`, [h0.userId]],
      [
        `INSERT INTO job_function_members (job_function_id, organization_id, user_id)
          VALUES ($1, 1, $2) ON CONFLICT DO NOTHING`,
        [functions[2], people[9]],
      ],
      [
        `INSERT INTO job_function_sops (job_function_id, document_id, title) VALUES ($1, 16, 'T')`,
        [functions[3]],
      ],
      [
        `DELETE FROM job_function_sops WHERE job_function_id = $1 AND document_id = 12`,
        [functions[0]],
      ],
      // A function's SOP replaced by another, an SOP moved to another function.
      [
        `UPDATE job_function_sops SET document_id = 18 WHERE job_function_id = $1 AND document_id = 13`,
        [functions[1]],
      ],
      [
        `UPDATE job_function_sops SET job_function_id = $2 WHERE job_function_id = $1 AND document_id = 13`,
        [functions[0], functions[3]],
      ],
      [
        `UPDATE job_function_members SET user_id = $2 WHERE user_id = $1 AND organization_id = 1`,
        [people[5], 5000],
      ],
      [`DELETE FROM job_functions WHERE id = $1`, [functions[2]]],
    ];
    for (const [sql, parameters] of changes) {
      await db.query(sql, parameters);
      const now = await heldRequiredNow();
      expect(now.stored, sql).toEqual(now.defined);
      await compareAll();
    }
    // Many people in one statement (the organization's lock rather than one per person).
    const many = Array.from({ length: 150 }, (_, i) => 20_000 + i);
    await db.query(
      `INSERT INTO certifications (organization_id, user_id, holder_name, kind, subject_id,
         title, validity_months, issued_at, expires_at, verification_code)
       SELECT 1, u, 'P', 'sop', 11, 'T', 12, now(), now() + interval '1 year', 'M' || u
         FROM unnest($1::int[]) u`,
      [many],
    );
    await db.query(
      `INSERT INTO job_function_members (job_function_id, organization_id, user_id)
       SELECT $1, 1, u FROM unnest($2::int[]) u`,
      [functions[0], many],
    );
    const after = await heldRequiredNow();
    expect(after.stored).toEqual(after.defined);
    expect(after.stored.length).toBeGreaterThan(before.stored.length);
    await compareAll();
  });

  it('recomputes nobody when an update of the SOPs changes no (function, SOP) pair', async () => {
    // A recompute deletes and inserts its people's rows: new row versions, the same values.
    const versions = () =>
      db.query(`SELECT organization_id, user_id, document_id, xmin::text AS version
                  FROM required_certifications ORDER BY 1, 2, 3`);
    const before = (await versions()) as unknown[];
    expect(before.length).toBeGreaterThan(10);
    await db.query(`UPDATE job_function_sops SET title = 'Renamed'`);
    await db.query(
      `UPDATE job_function_sops SET document_id = document_id WHERE job_function_id = $1`,
      [functions[1]],
    );
    expect(await versions()).toEqual(before);
  });
});
