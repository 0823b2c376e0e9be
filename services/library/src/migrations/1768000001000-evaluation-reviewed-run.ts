import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The generation run that was the document's latest when a person last edited or published its
 * evaluation: a generation of that run, already under way, ends without replacing their review.
 * Evaluations a person touched before take their document's current run, so a generation under
 * way while this runs keeps them too (a person's work is not replaced on a guess).
 */
export class EvaluationReviewedRun1768000001000 implements MigrationInterface {
  name = 'EvaluationReviewedRun1768000001000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE evaluations ADD COLUMN reviewed_run integer NOT NULL DEFAULT 0`);
    await db.query(
      `UPDATE evaluations e SET reviewed_run = d.evaluation_run
         FROM documents d
        WHERE d.id = e.document_id AND (e.updated_by IS NOT NULL OR e.published_at IS NOT NULL)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE evaluations DROP COLUMN reviewed_run`);
  }
}
