import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { CertificationSettings } from '@hub/proto';

/** How long certifications stay valid: an organization's default and its per-SOP overrides. */
@Injectable()
export class CertificationSettingsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** The organization's default validity; null while it has saved none. */
  async organizationMonths(
    organizationId: number,
    manager: EntityManager = this.db.manager,
  ): Promise<number | null> {
    const [row] = (await manager.query(
      `SELECT default_validity_months FROM certification_settings WHERE organization_id = $1`,
      [organizationId],
    )) as { default_validity_months: number }[];
    return row?.default_validity_months ?? null;
  }

  /** The SOP's own validity; null without one. */
  async sopMonths(
    organizationId: number,
    documentId: number,
    manager: EntityManager = this.db.manager,
  ): Promise<number | null> {
    const [sop] = (await manager.query(
      `SELECT validity_months FROM sop_certification_validity WHERE organization_id = $1 AND document_id = $2`,
      [organizationId, documentId],
    )) as { validity_months: number }[];
    return sop?.validity_months ?? null;
  }

  /** Every SOP validity of the organization, by document. */
  async sopValidities(organizationId: number): Promise<CertificationSettings['sops']> {
    return (await this.db.query(
      `SELECT document_id AS "documentId", validity_months AS "validityMonths"
         FROM sop_certification_validity WHERE organization_id = $1 ORDER BY document_id`,
      [organizationId],
    )) as CertificationSettings['sops'];
  }

  async saveDefault(organizationId: number, months: number): Promise<void> {
    await this.db.query(
      `INSERT INTO certification_settings (organization_id, default_validity_months) VALUES ($1, $2)
       ON CONFLICT (organization_id) DO UPDATE SET default_validity_months = EXCLUDED.default_validity_months`,
      [organizationId, months],
    );
  }

  async saveSop(organizationId: number, documentId: number, months: number): Promise<void> {
    await this.db.query(
      `INSERT INTO sop_certification_validity (organization_id, document_id, validity_months) VALUES ($1, $2, $3)
         ON CONFLICT (organization_id, document_id) DO UPDATE SET validity_months = EXCLUDED.validity_months`,
      [organizationId, documentId, months],
    );
  }

  async removeSop(organizationId: number, documentId: number): Promise<void> {
    await this.db.query(
      `DELETE FROM sop_certification_validity WHERE organization_id = $1 AND document_id = $2`,
      [organizationId, documentId],
    );
  }
}
