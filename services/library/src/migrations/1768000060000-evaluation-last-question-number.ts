import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The highest question number each evaluation ever gave, so a new question is numbered after it
 * and not after the highest its questions hold now: an edit that removed the last question let
 * the next new one take its id, and the insights (misses per SOP and id) merged the two.
 * Existing evaluations start from their stored questions' highest number, all they still know.
 */
export class EvaluationLastQuestionNumber1768000060000 implements MigrationInterface {
  name = 'EvaluationLastQuestionNumber1768000060000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE evaluations ADD COLUMN last_question_number integer NOT NULL DEFAULT 0`,
    );
    await db.query(
      `UPDATE evaluations e
          SET last_question_number = coalesce(
                (SELECT max(substring(q->>'id' FROM '^q([0-9]+)$')::integer)
                   FROM jsonb_array_elements(e.questions) q), 0)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE evaluations DROP COLUMN last_question_number`);
  }
}
