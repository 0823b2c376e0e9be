import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type Actor, type CertificationSettings, DEFAULT_VALIDITY_MONTHS } from '@hub/proto';
import { validityMonths } from './certification-rules.js';

/** How long certifications stay valid: a default per organization and, optionally, per SOP. */
@Injectable()
export class CertificationSettingsService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  private async organizationMonths(
    organizationId: number,
    manager: EntityManager,
  ): Promise<number | null> {
    const [row] = (await manager.query(
      `SELECT default_validity_months FROM certification_settings WHERE organization_id = $1`,
      [organizationId],
    )) as { default_validity_months: number }[];
    return row?.default_validity_months ?? null;
  }

  /** The validity in force for an SOP (documentId) or, with null, for a course. */
  async monthsFor(
    organizationId: number,
    documentId: number | null,
    manager: EntityManager = this.db.manager,
  ): Promise<number> {
    const [sop] =
      documentId === null
        ? []
        : ((await manager.query(
            `SELECT validity_months FROM sop_certification_validity WHERE organization_id = $1 AND document_id = $2`,
            [organizationId, documentId],
          )) as { validity_months: number }[]);
    return validityMonths(
      sop?.validity_months ?? null,
      await this.organizationMonths(organizationId, manager),
    );
  }

  async get(actor: Actor): Promise<CertificationSettings> {
    const sops = (await this.db.query(
      `SELECT document_id AS "documentId", validity_months AS "validityMonths"
         FROM sop_certification_validity WHERE organization_id = $1 ORDER BY document_id`,
      [actor.organizationId],
    )) as CertificationSettings['sops'];
    const months = await this.organizationMonths(actor.organizationId, this.db.manager);
    return { defaultValidityMonths: months ?? DEFAULT_VALIDITY_MONTHS, sops };
  }

  /** Applies to certifications issued or renewed from now on; issued ones keep their expiry. */
  async saveDefault(actor: Actor, months: number): Promise<CertificationSettings> {
    await this.db.query(
      `INSERT INTO certification_settings (organization_id, default_validity_months) VALUES ($1, $2)
       ON CONFLICT (organization_id) DO UPDATE SET default_validity_months = EXCLUDED.default_validity_months`,
      [actor.organizationId, months],
    );
    return this.get(actor);
  }

  async saveSop(
    actor: Actor,
    documentId: number,
    months: number | null,
  ): Promise<CertificationSettings> {
    if (months === null) {
      await this.db.query(
        `DELETE FROM sop_certification_validity WHERE organization_id = $1 AND document_id = $2`,
        [actor.organizationId, documentId],
      );
    } else {
      await this.db.query(
        `INSERT INTO sop_certification_validity (organization_id, document_id, validity_months) VALUES ($1, $2, $3)
         ON CONFLICT (organization_id, document_id) DO UPDATE SET validity_months = EXCLUDED.validity_months`,
        [actor.organizationId, documentId, months],
      );
    }
    return this.get(actor);
  }
}
