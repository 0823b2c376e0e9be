import {
  type Actor,
  type OrganizationChoice,
  type OrganizationChoicePage,
  type OrganizationLookup,
  organizationScope,
  type PageRequest,
} from '@hub/proto';
import { Inject, Injectable } from '@nestjs/common';
import { RpcFailure } from '@hub/kit';
import { OrganizationsAdminService } from '../admin/organizations-admin.service.js';
import type { OrganizationEntity } from './organization.entity.js';
import { OrganizationsRepository } from './organizations.repository.js';

const toChoice = ({ auth0OrgId, name, displayName }: OrganizationEntity): OrganizationChoice => ({
  auth0OrgId,
  name,
  displayName,
});

@Injectable()
export class OrganizationsService {
  constructor(
    @Inject(OrganizationsRepository) private readonly organizations: OrganizationsRepository,
    @Inject(OrganizationsAdminService)
    private readonly adminOrganizations: OrganizationsAdminService,
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

  /**
   * Everyone but the super administrator sees only their own organization, whatever the search
   * (they have one). The super administrator's may be thousands: a page of them, newest first,
   * searched as the console's organization pickers are (the same query), never all at once.
   */
  async choices(actor: Actor, page: PageRequest, search = ''): Promise<OrganizationChoicePage> {
    const own = organizationScope(actor);
    if (own !== null) {
      const organization = await this.organizations.findById(own);
      const organizations = organization ? [toChoice(organization)] : [];
      return { organizations, totalCount: organizations.length, nextCursor: null };
    }
    const { rows, totalCount, nextCursor } = await this.adminOrganizations.pageRows(
      page,
      search.trim(),
    );
    return { organizations: rows.map(toChoice), totalCount, nextCursor };
  }

  /**
   * The shown names (display name, else name) of these organizations; an id of none is left out.
   * What a list of other services' records names them by, asked by its ids alone.
   */
  async names(organizationIds: number[]): Promise<{ id: number; name: string }[]> {
    const found = await this.organizations.findByIds([...new Set(organizationIds)]);
    return found.map(({ id, name, displayName }) => ({ id, name: displayName || name }));
  }

  /** Every organization's id, for the nightly jobs of other services. */
  ids(): Promise<number[]> {
    return this.organizations.findAllIds();
  }
}
