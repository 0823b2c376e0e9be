import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { openObservationDatabase } from '../database.js';
import { CourseCompletionRepository } from '../training/course-completion.repository.js';
import { ObservationsRepository } from './observations.repository.js';

const ACME = 65;

/**
 * Two replicas' retry passes at once: each reads the rows due, then works them one by one. A row
 * the other replica failed meanwhile waits (next_attempt_at) and is not tried again at once.
 */
describe('the retry pass on two replicas', () => {
  let resources: TestResources;
  let db: DataSource;

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('does not try again a completion effect the other replica just failed', async () => {
    const rows = (await db.query(
      `INSERT INTO observations (organization_id, evaluation_id, document_id, evaluation_title,
         questions, operator_id, operator_name, observer_id, observer_name, pass_mark, status,
         score, passed, started_at, completed_at)
       SELECT $1, 1, 1, 'T', '[]', n, 'P', 1000, 'O', 80, 'completed', 90, true,
              now() - interval '1 day', now()
         FROM generate_series(1, 2) n ORDER BY n RETURNING id`,
      [ACME],
    )) as { id: number }[];
    const [first, failing] = rows.map((row) => row.id).sort((a, b) => a - b) as [number, number];
    await db.query(
      `INSERT INTO completion_effects (observation_id, operator_present, created_at)
       VALUES ($1, false, now() - interval '2 minutes'), ($2, false, now() - interval '1 minute')`,
      [first, failing],
    );
    const repository = new ObservationsRepository(db);
    let tries = 0;
    const fail = () => {
      tries += 1;
      return Promise.reject(new Error('identity away'));
    };
    // Replica A, on the first row, waits while replica B's whole pass runs: B read both rows
    // due, skips the first (A holds it) and fails the other; A then comes to it.
    await repository.settleEffects(null, async (owed) => {
      if (owed.id !== first) return fail();
      await repository.settleEffects(null, (other) =>
        other.id === failing ? fail() : Promise.resolve(),
      );
    });

    expect(tries).toBe(1);
    const [row] = (await db.query(
      `SELECT attempts FROM completion_effects WHERE observation_id = $1`,
      [failing],
    )) as { attempts: number }[];
    expect(row).toEqual({ attempts: 1 });
  });

  it('does not issue again an owed certificate the other replica just failed', async () => {
    const [course] = (await db.query(
      `INSERT INTO courses (organization_id, title, description, category, duration, difficulty,
         created_by)
       VALUES ($1, 'Presses', '', 'Safety', '1 hour', 'Beginner', 1) RETURNING id`,
      [ACME],
    )) as { id: number }[];
    const courseId = course!.id;
    await db.query(
      `INSERT INTO enrollments (course_id, user_id, completed_at) VALUES ($1, 1, now())`,
      [courseId],
    );
    await db.query(`INSERT INTO course_certificates_owed (course_id, user_id) VALUES ($1, 1)`, [
      courseId,
    ]);
    const repository = new CourseCompletionRepository(db);
    // Both replicas read the batch due before either tries it.
    const [readByA] = await repository.owedCertificates();
    const [readByB] = await repository.owedCertificates();
    let tries = 0;
    const issue = () => {
      tries += 1;
      return Promise.reject(new Error('refused'));
    };
    await expect(repository.settleCertificate(readByA!, issue)).rejects.toThrow('refused');
    await repository.settleCertificate(readByB!, issue).catch(() => undefined);

    expect(tries).toBe(1);
    const [row] = (await db.query(
      `SELECT attempts FROM course_certificates_owed WHERE course_id = $1`,
      [courseId],
    )) as { attempts: number }[];
    expect(row).toEqual({ attempts: 1 });
  });

  it('counts once a course check both replicas failed', async () => {
    const [course] = (await db.query(
      `INSERT INTO courses (organization_id, title, description, category, duration, difficulty,
         created_by)
       VALUES ($1, 'Ovens', '', 'Safety', '1 hour', 'Beginner', 1) RETURNING id`,
      [ACME],
    )) as { id: number }[];
    await db.query(`INSERT INTO course_completion_checks (course_id) VALUES ($1)`, [course!.id]);
    const repository = new CourseCompletionRepository(db);
    // Both replicas read the check due, and both fail it (identity away).
    const [readByA] = await repository.checksDue();
    const [readByB] = await repository.checksDue();
    await repository.countCheckFailure(readByA!, new Error('identity away'));
    await repository.countCheckFailure(readByB!, new Error('identity away'));

    const [row] = (await db.query(
      `SELECT attempts, round(extract(epoch FROM next_attempt_at - now()) / 60)::int AS minutes
         FROM course_completion_checks WHERE course_id = $1`,
      [course!.id],
    )) as { attempts: number; minutes: number }[];
    expect(row).toEqual({ attempts: 1, minutes: 1 });
  });
});
