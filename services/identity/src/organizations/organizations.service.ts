import {
  type Actor,
  type OrganizationChoice,
  type OrganizationLookup,
  organizationScope,
} from '@hub/proto';
import { Inject, Injectable } from '@nestjs/common';
import { RpcFailure } from '@hub/kit';
import { OrganizationsRepository } from './organizations.repository.js';

@Injectable()
export class OrganizationsService {
  constructor(
    @Inject(OrganizationsRepository) private readonly organizations: OrganizationsRepository,
  ) {}

  async byDomain(domain: string): Promise<OrganizationLookup> {
    const organization = await this.organizations.findByDomain(domain.trim().toLowerCase());
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
    const organizations = await this.organizations.findByDisplayName(organizationScope(actor));
    return organizations.map(({ auth0OrgId, name, displayName }) => ({
      auth0OrgId,
      name,
      displayName,
    }));
  }

  /** Every organization's id, for the nightly jobs of other services. */
  ids(): Promise<number[]> {
    return this.organizations.findAllIds();
  }
}
