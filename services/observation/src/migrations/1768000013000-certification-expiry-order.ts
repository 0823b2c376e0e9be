import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The expired and expiring-soon lists are ordered by expiry, then id (certifications.repository
 * SOONEST_EXPIRY): without an index of that order, each page of an organization's list sorted all
 * its certifications. Its keyset cursor (expires_at, id) is then a range of this index.
 */
export class CertificationExpiryOrder1768000013000 implements MigrationInterface {
  name = 'CertificationExpiryOrder1768000013000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX certifications_expiry_order_idx
         ON certifications (organization_id, expires_at, id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX certifications_expiry_order_idx`);
  }
}
