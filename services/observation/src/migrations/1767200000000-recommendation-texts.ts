import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A recommendation's text as a catalog key and its parts (issue #46), for clients to word in
 * their reader's language. Null on rows written before: the next run of the rules fills the
 * active ones; decided ones keep their English words.
 */
export class RecommendationTexts1767200000000 implements MigrationInterface {
  name = 'RecommendationTexts1767200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE recommendations ADD COLUMN text jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE recommendations DROP COLUMN text`);
  }
}
