import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Expiry notices to the organization's supervisors as one summary a day (decisions.md "Expiry
 * notices"): each announced state waits as an item until a day's digest claims it, and the
 * digest (one row per organization and day) remembers its counts and whether it was delivered,
 * so a sweep run twice or killed mid-way neither repeats nor loses anything. At most one item
 * waits per certification (its latest state); a digest's items go once it is delivered.
 */
export class CertificationDigests1767500000000 implements MigrationInterface {
  name = 'CertificationDigests1767500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE certification_digest_items (
        id serial PRIMARY KEY,
        organization_id integer NOT NULL,
        certification_id integer NOT NULL REFERENCES certifications (id) ON DELETE CASCADE,
        state text NOT NULL CHECK (state IN ('expiring_soon', 'expired')),
        digest_day date
      )`);
    await db.query(
      `CREATE UNIQUE INDEX certification_digest_items_waiting_idx
         ON certification_digest_items (certification_id) WHERE digest_day IS NULL`,
    );
    await db.query(
      `CREATE INDEX certification_digest_items_org_idx
         ON certification_digest_items (organization_id, digest_day)`,
    );
    await db.query(`
      CREATE TABLE certification_digests (
        organization_id integer NOT NULL,
        day date NOT NULL,
        expiring_soon integer NOT NULL DEFAULT 0,
        expired integer NOT NULL DEFAULT 0,
        delivered_at timestamptz,
        PRIMARY KEY (organization_id, day)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE certification_digests`);
    await db.query(`DROP TABLE certification_digest_items`);
  }
}
