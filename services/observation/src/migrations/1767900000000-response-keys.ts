import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every idempotency key an answer was ever sent with, and the work a completion still owes.
 *
 * observation_response_keys: answering a question again replaced the answer's one key, so a
 * retry of the replaced key (another device's, whose first request had succeeded) was no
 * longer recognised and wrote the older answer back over the correction. A key now stays with
 * the question it answered and the result it was first answered with, whatever came after.
 *
 * completion_effects: a completion's course progress and notification ran after the commit,
 * unrecorded, so a failure or a crash in between lost them. The completing transaction now
 * writes what is owed; the row goes once it is done, and a failed attempt is tried again.
 */
export class ResponseKeys1767900000000 implements MigrationInterface {
  name = 'ResponseKeys1767900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE observation_response_keys (
        observation_id integer NOT NULL REFERENCES observations (id) ON DELETE CASCADE,
        idempotency_key uuid NOT NULL,
        question_id text NOT NULL,
        result jsonb NOT NULL,
        PRIMARY KEY (observation_id, idempotency_key)
      )`);
    await db.query(`
      INSERT INTO observation_response_keys (observation_id, idempotency_key, question_id, result)
      SELECT observation_id, idempotency_key, question_id, result FROM observation_responses
       WHERE idempotency_key IS NOT NULL AND result IS NOT NULL`);
    await db.query(`
      CREATE TABLE completion_effects (
        observation_id integer PRIMARY KEY REFERENCES observations (id) ON DELETE CASCADE,
        operator_present boolean NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE completion_effects`);
    await db.query(`DROP TABLE observation_response_keys`);
  }
}
