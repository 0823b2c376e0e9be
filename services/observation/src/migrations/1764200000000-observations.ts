import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Observations1764200000000 implements MigrationInterface {
  name = 'Observations1764200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE observation_settings (
        organization_id integer PRIMARY KEY,
        pass_mark integer NOT NULL CHECK (pass_mark BETWEEN 1 AND 100)
      )`);
    await db.query(`
      CREATE TABLE observations (
        id serial PRIMARY KEY,
        organization_id integer NOT NULL,
        evaluation_id integer NOT NULL,
        document_id integer NOT NULL,
        evaluation_title text NOT NULL,
        questions jsonb NOT NULL,
        operator_id integer NOT NULL,
        operator_name text NOT NULL,
        observer_id integer NOT NULL,
        observer_name text NOT NULL,
        status text NOT NULL DEFAULT 'in_progress' CHECK (status IN ('in_progress', 'completed')),
        initial_notes text NOT NULL DEFAULT '',
        pass_mark integer NOT NULL,
        score numeric(5, 1),
        passed boolean,
        started_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        duration_seconds integer
      )`);
    await db.query(
      `CREATE INDEX observations_org_idx ON observations (organization_id, started_at DESC)`,
    );
    await db.query(
      `CREATE INDEX observations_operator_idx ON observations (organization_id, operator_id, document_id)`,
    );
    await db.query(`
      CREATE TABLE observation_responses (
        observation_id integer NOT NULL REFERENCES observations(id) ON DELETE CASCADE,
        question_id text NOT NULL,
        selected_option text NOT NULL,
        selected_option_text text NOT NULL,
        correct boolean NOT NULL,
        time_spent_seconds integer NOT NULL,
        manager_notes text NOT NULL,
        answered_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (observation_id, question_id)
      )`);
    await db.query(`
      CREATE TABLE findings (
        id serial PRIMARY KEY,
        observation_id integer NOT NULL REFERENCES observations(id) ON DELETE CASCADE,
        organization_id integer NOT NULL,
        severity text NOT NULL CHECK (severity IN ('critical','high','medium','low')),
        category text NOT NULL CHECK (category IN ('safety','quality','efficiency','compliance')),
        note text NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open','resolved')),
        created_by integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        resolved_by integer,
        resolved_at timestamptz
      )`);
    await db.query(`
      CREATE TABLE courses (
        id serial PRIMARY KEY,
        organization_id integer NOT NULL,
        title text NOT NULL,
        description text NOT NULL,
        category text NOT NULL,
        duration text NOT NULL,
        difficulty text NOT NULL CHECK (difficulty IN ('Beginner','Intermediate','Advanced')),
        created_by integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE course_sops (
        course_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        position integer NOT NULL,
        document_id integer NOT NULL,
        title text NOT NULL,
        evaluation_id integer,
        PRIMARY KEY (course_id, position)
      )`);
    await db.query(`
      CREATE TABLE enrollments (
        course_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        user_id integer NOT NULL,
        enrolled_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        rating integer CHECK (rating BETWEEN 1 AND 5),
        PRIMARY KEY (course_id, user_id)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'enrollments',
      'course_sops',
      'courses',
      'findings',
      'observation_responses',
      'observations',
      'observation_settings',
    ]) {
      await db.query(`DROP TABLE ${table}`);
    }
  }
}
