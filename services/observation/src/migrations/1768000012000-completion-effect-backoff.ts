import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * completion_effects that kept failing were the oldest 100 the retry pass took every 30 s: a
 * batch of them held newer completions' notices and course progress back for ever, and asked
 * identity again each pass while it was down. A failure now sets when it is tried again, as an
 * owed certificate's does (1768000010000), and the pass takes those due, least tried first.
 * Rows from before are due at once.
 */
export class CompletionEffectBackoff1768000012000 implements MigrationInterface {
  name = 'CompletionEffectBackoff1768000012000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE completion_effects ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now()`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE completion_effects DROP COLUMN next_attempt_at`);
  }
}
