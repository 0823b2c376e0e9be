import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Actor, OrganizationChoice, OrganizationLookup } from '@hub/proto';
import { RpcFailure } from '@hub/kit';
import { OrganizationEntity } from './organization.entity.js';

@Injectable()
export class OrganizationsService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  private get organizations() {
    return this.db.getRepository(OrganizationEntity);
  }

  async byDomain(domain: string): Promise<OrganizationLookup> {
    const organization = await this.organizations.findOneBy({
      domain: domain.trim().toLowerCase(),
    });
    if (!organization) throw RpcFailure.notFound('Organization not found');
    return {
      organization: {
        id: organization.id,
        name: organization.name,
        displayName: organization.displayName,
        auth0OrgId: organization.auth0OrgId,
        samlEnabled: organization.samlEnabled,
      },
    };
  }

  /** The super administrator may pick any organization; everyone else sees only their own. */
  async choices(actor: Actor): Promise<OrganizationChoice[]> {
    const where = actor.role === 'super_admin' ? {} : { id: actor.organizationId };
    const organizations = await this.organizations.find({ where, order: { displayName: 'ASC' } });
    return organizations.map(({ auth0OrgId, name, displayName }) => ({
      auth0OrgId,
      name,
      displayName,
    }));
  }

  /** Every organization's id, for the nightly jobs of other services. */
  async ids(): Promise<number[]> {
    const rows = (await this.db.query(`SELECT id FROM organizations ORDER BY id`)) as {
      id: number;
    }[];
    return rows.map((row) => row.id);
  }
}
