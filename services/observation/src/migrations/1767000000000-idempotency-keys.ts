import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Answers and findings keep the client's idempotency key (issue #34: the session's outbox
 * retries what it could not send). The unique indexes make one key one record per observation
 * even when the same request arrives twice at once; rows without a key (NULL) never conflict.
 * An answer also keeps the result it was first answered with, so a retry answers it again.
 */
export class IdempotencyKeys1767000000000 implements MigrationInterface {
  name = 'IdempotencyKeys1767000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE observation_responses ADD COLUMN idempotency_key uuid, ADD COLUMN result jsonb`,
    );
    await db.query(
      `CREATE UNIQUE INDEX observation_responses_idempotency_idx
         ON observation_responses (observation_id, idempotency_key)`,
    );
    await db.query(`ALTER TABLE findings ADD COLUMN idempotency_key uuid`);
    await db.query(
      `CREATE UNIQUE INDEX findings_idempotency_idx ON findings (observation_id, idempotency_key)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX findings_idempotency_idx`);
    await db.query(`ALTER TABLE findings DROP COLUMN idempotency_key`);
    await db.query(`DROP INDEX observation_responses_idempotency_idx`);
    await db.query(
      `ALTER TABLE observation_responses DROP COLUMN result, DROP COLUMN idempotency_key`,
    );
  }
}
