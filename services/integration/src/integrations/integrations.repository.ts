import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  type Integration,
  type IntegrationTestStatus,
  type IntegrationType,
  withCredentialsMasked,
} from '@hub/proto';

export interface IntegrationRow {
  id: number;
  integration_type: IntegrationType;
  base_url: string;
  credentials: string;
  credentials_key_id: string;
  last_test_status: IntegrationTestStatus;
  last_test_message: string | null;
  last_tested_at: Date | null;
  created_at: Date;
}

/**
 * The answer shape: the sealed credentials and their key id stay inside the service, and so
 * does the password of an address kept from before user info was refused.
 */
export const toIntegration = (row: IntegrationRow): Integration => ({
  id: row.id,
  integrationType: row.integration_type,
  baseUrl: withCredentialsMasked(row.base_url),
  lastTestStatus: row.last_test_status,
  lastTestMessage: row.last_test_message,
  lastTestedAt: row.last_tested_at?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
});

@Injectable()
export class IntegrationsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  list(): Promise<IntegrationRow[]> {
    return this.db.query(`SELECT * FROM integrations ORDER BY id`);
  }

  async find(id: number): Promise<IntegrationRow | undefined> {
    const rows = (await this.db.query(`SELECT * FROM integrations WHERE id = $1`, [
      id,
    ])) as IntegrationRow[];
    return rows[0];
  }

  /** One integration per type: setting it up again replaces its credentials, keeps its cameras. */
  async upsert(
    type: IntegrationType,
    baseUrl: string,
    sealed: { sealed: string; keyId: string },
    userId: number,
  ): Promise<IntegrationRow> {
    const rows = (await this.db.query(
      `INSERT INTO integrations (integration_type, base_url, credentials, credentials_key_id, created_by)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (integration_type) DO UPDATE SET base_url = EXCLUDED.base_url,
         credentials = EXCLUDED.credentials, credentials_key_id = EXCLUDED.credentials_key_id,
         last_test_status = 'untested', last_test_message = NULL, last_tested_at = NULL,
         updated_at = now()
       RETURNING *`,
      [type, baseUrl, sealed.sealed, sealed.keyId, userId],
    )) as IntegrationRow[];
    return rows[0]!;
  }

  /**
   * The outcome of a test of the credentials `tested` (sealed, as read before the test): only if
   * they are still the ones stored. Set up again meanwhile, the integration stays untested, not
   * Connected or Failed by what the replaced ones did.
   */
  async recordTest(
    id: number,
    tested: string,
    status: IntegrationTestStatus,
    message: string,
  ): Promise<void> {
    await this.db.query(
      `UPDATE integrations SET last_test_status = $3, last_test_message = $4, last_tested_at = now()
        WHERE id = $1 AND credentials = $2`,
      [id, tested, status, message],
    );
  }

  sealedWithOtherKeys(keyId: string): Promise<Pick<IntegrationRow, 'id' | 'credentials'>[]> {
    return this.db.query(
      `SELECT id, credentials FROM integrations WHERE credentials_key_id <> $1`,
      [keyId],
    );
  }

  async reseal(id: number, previous: string, sealed: { sealed: string; keyId: string }) {
    // Only if nobody changed it meanwhile (another replica re-sealing, or new credentials).
    await this.db.query(
      `UPDATE integrations SET credentials = $3, credentials_key_id = $4
        WHERE id = $1 AND credentials = $2`,
      [id, previous, sealed.sealed, sealed.keyId],
    );
  }
}
