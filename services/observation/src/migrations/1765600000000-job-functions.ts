import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Job functions of an organization, the SOPs each requires (with the SOP's title when it was
 * chosen, as course_sops keeps it) and the people who hold them.
 */
export class JobFunctions1765600000000 implements MigrationInterface {
  name = 'JobFunctions1765600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE job_functions (
        id serial PRIMARY KEY,
        organization_id integer NOT NULL,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        created_by integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE UNIQUE INDEX job_functions_name_idx ON job_functions (organization_id, lower(name))`,
    );
    await db.query(`
      CREATE TABLE job_function_sops (
        job_function_id integer NOT NULL REFERENCES job_functions(id) ON DELETE CASCADE,
        document_id integer NOT NULL,
        title text NOT NULL,
        PRIMARY KEY (job_function_id, document_id)
      )`);
    await db.query(`
      CREATE TABLE job_function_members (
        job_function_id integer NOT NULL REFERENCES job_functions(id) ON DELETE CASCADE,
        organization_id integer NOT NULL,
        user_id integer NOT NULL,
        PRIMARY KEY (job_function_id, user_id)
      )`);
    await db.query(
      `CREATE INDEX job_function_members_user_idx ON job_function_members (organization_id, user_id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE job_function_members`);
    await db.query(`DROP TABLE job_function_sops`);
    await db.query(`DROP TABLE job_functions`);
  }
}
