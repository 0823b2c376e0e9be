import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createOutboxTable } from '@hub/kit';

/**
 * The transactional outbox (issue #48): events written with the change they tell of, put on
 * the event bus by the relay once committed (packages/kit/src/events/outbox.ts).
 */
export class Outbox1767100000000 implements MigrationInterface {
  name = 'Outbox1767100000000';

  async up(db: QueryRunner): Promise<void> {
    await createOutboxTable(db);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE outbox`);
  }
}
