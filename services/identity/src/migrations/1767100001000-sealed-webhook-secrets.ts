import type { MigrationInterface, QueryRunner } from 'typeorm';
import { isSealed, type SecretBox } from '@hub/kit';

interface SecretRow {
  id: number;
  secret: string;
  previous_secret: string | null;
}

/**
 * Webhook signing secrets sealed at rest (issue #48): every endpoint's secret, and its previous
 * one, stored in clear until now, is sealed with the service's webhook secret key. Made with
 * that key (the service opens its database with it); without one, an upgrade that has
 * endpoints stops here with a message rather than leave them in clear.
 */
export const sealedWebhookSecrets = (box: SecretBox | undefined) =>
  class SealedWebhookSecrets1767100001000 implements MigrationInterface {
    name = 'SealedWebhookSecrets1767100001000';

    async up(db: QueryRunner): Promise<void> {
      const rows: SecretRow[] = await db.query(
        `SELECT id, secret, previous_secret FROM webhook_endpoints`,
      );
      const plain = rows.filter(
        (row) => !isSealed(row.secret) || (row.previous_secret && !isSealed(row.previous_secret)),
      );
      if (plain.length === 0) return;
      if (!box) throw new Error('sealing webhook secrets needs WEBHOOK_SECRET_KEY');
      const seal = (secret: string) => (isSealed(secret) ? secret : box.seal(secret).sealed);
      for (const row of plain) {
        await db.query(
          `UPDATE webhook_endpoints SET secret = $2, previous_secret = $3 WHERE id = $1`,
          [row.id, seal(row.secret), row.previous_secret && seal(row.previous_secret)],
        );
      }
    }

    async down(db: QueryRunner): Promise<void> {
      if (!box) throw new Error('opening webhook secrets needs WEBHOOK_SECRET_KEY');
      const rows: SecretRow[] = await db.query(
        `SELECT id, secret, previous_secret FROM webhook_endpoints`,
      );
      const open = (secret: string) => (isSealed(secret) ? box.open(secret) : secret);
      for (const row of rows) {
        await db.query(
          `UPDATE webhook_endpoints SET secret = $2, previous_secret = $3 WHERE id = $1`,
          [row.id, open(row.secret), row.previous_secret && open(row.previous_secret)],
        );
      }
    }
  };
