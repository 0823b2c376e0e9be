import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { isUniqueViolation } from '@hub/kit';
import { OrganizationEntity } from '../organizations/organization.entity.js';
import type { ResolvedIdp } from '../saml/idp-metadata.js';
import { SamlSettingsEntity } from '../saml/saml-settings.entity.js';
import { UserEntity } from '../users/user.entity.js';

/** A new organization's fields; the id and creation time are the database's. */
export type NewOrganization = Pick<
  OrganizationEntity,
  'name' | 'displayName' | 'domain' | 'auth0OrgId' | 'samlEnabled'
>;

/** The unique index a new organization met taken, by the request field it is about. */
const TAKEN_BY_INDEX: Record<string, 'domain' | 'auth0OrgId'> = {
  organizations_domain_key: 'domain',
  organizations_saml_identifier_idx: 'auth0OrgId',
};

/** A saved organization, or the field whose value another one took first. */
export type OrganizationCreation =
  | { organization: OrganizationEntity }
  | { taken: 'domain' | 'auth0OrgId' };

/** The console's organizations: listed with their head counts, created and deleted. */
@Injectable()
export class OrganizationsAdminRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  private get organizations() {
    return this.db.getRepository(OrganizationEntity);
  }

  /** Each organization's number of users (every organization, none left out). */
  async countUsersByOrganization(): Promise<Map<number, number>> {
    // Raw SQL: an aggregate (a count per organization).
    const rows = (await this.db.query(
      `SELECT o.id, count(u.id)::int AS user_count FROM organizations o
         LEFT JOIN users u ON u.organization_id = o.id GROUP BY o.id`,
    )) as { id: number; user_count: number }[];
    return new Map(rows.map((row) => [row.id, row.user_count]));
  }

  findNewestFirst(): Promise<OrganizationEntity[]> {
    return this.organizations.find({ order: { createdAt: 'DESC', id: 'DESC' } });
  }

  findInIdOrder(): Promise<OrganizationEntity[]> {
    return this.organizations.find({ order: { id: 'ASC' } });
  }

  domainTaken(domain: string): Promise<boolean> {
    return this.organizations.existsBy({ domain });
  }

  /**
   * Saves the organization with its identity provider's settings, when given: both or neither.
   * A domain or SAML identifier another request took since the service checked it (two created
   * at once) is answered as taken, as the unique indexes find it.
   */
  async create(
    organization: NewOrganization,
    saml: ResolvedIdp | null,
  ): Promise<OrganizationCreation> {
    try {
      return await this.db.transaction(async (tx) => {
        const saved = await tx.save(tx.create(OrganizationEntity, organization));
        if (saml) await tx.save(SamlSettingsEntity, { organizationId: saved.id, ...saml });
        return { organization: saved };
      });
    } catch (error) {
      const taken = isUniqueViolation(error)
        ? TAKEN_BY_INDEX[(error as { constraint?: string }).constraint ?? '']
        : undefined;
      if (taken) return { taken };
      throw error;
    }
  }

  /** Whether the super administrator belongs to the organization. */
  holdsSuperAdmin(organizationId: number): Promise<boolean> {
    return this.db.getRepository(UserEntity).existsBy({ organizationId, role: 'super_admin' });
  }

  /**
   * Its users, sessions, invitations and notifications cascade; `alongside` runs in the same
   * transaction (the event telling of it, written to the outbox).
   */
  async delete(
    organizationId: number,
    alongside: (tx: EntityManager) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(OrganizationEntity, organizationId);
      await alongside(tx);
    });
  }
}
