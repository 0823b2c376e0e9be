import { EVENTS, REVOCATIONS } from '../tokens.js';
import type { SessionRevocations } from '../auth/session-revocations.js';
import { Inject, Injectable } from '@nestjs/common';
import {
  type AdminOrganization,
  type AdminOrganizationPage,
  type CreateOrganizationRequest,
  ERROR_TEXTS,
  type Organization,
  type OrganizationPage,
  type PageRequest,
} from '@hub/proto';
import { type EventPublisher, RpcFailure } from '@hub/kit';
import type { OrganizationEntity } from '../organizations/organization.entity.js';
import { OrganizationsRepository } from '../organizations/organizations.repository.js';
import { prepareSamlForNewOrganization } from '../saml/saml-settings.js';
import { SamlRepository } from '../saml/saml.repository.js';
import { OrganizationsAdminRepository } from './organizations-admin.repository.js';

export const toOrganizationView = (row: OrganizationEntity): Organization => ({
  id: row.id,
  name: row.name,
  displayName: row.displayName,
  domain: row.domain,
  auth0OrgId: row.auth0OrgId,
  samlEnabled: row.samlEnabled,
  createdAt: row.createdAt.toISOString(),
});

/** The refusal of a domain or SSO identifier another organization holds. */
const taken = (field: 'domain' | 'auth0OrgId') =>
  field === 'domain'
    ? new RpcFailure('conflict', ERROR_TEXTS.organization_domain_exists, 'domain')
    : new RpcFailure('conflict', ERROR_TEXTS.sso_organization_in_use, 'auth0OrgId');

@Injectable()
export class OrganizationsAdminService {
  constructor(
    @Inject(OrganizationsAdminRepository) private readonly admin: OrganizationsAdminRepository,
    @Inject(OrganizationsRepository) private readonly organizations: OrganizationsRepository,
    @Inject(SamlRepository) private readonly saml: SamlRepository,
    @Inject(REVOCATIONS) private readonly revocations: SessionRevocations,
    @Inject(EVENTS) private readonly events: EventPublisher,
  ) {}

  /** One page of the console's organizations, each with its number of users. */
  async page(page: PageRequest, search = ''): Promise<AdminOrganizationPage> {
    const { rows, totalCount, nextCursor } = await this.pageRows(page, search.trim());
    const counts = await this.admin.countUsers(rows.map((row) => row.id));
    const organizations = rows.map((row) => ({
      ...toOrganizationView(row),
      userCount: counts.get(row.id) ?? 0,
    }));
    return { organizations, totalCount, nextCursor };
  }

  /** One page of the data panel's organizations. */
  async plainPage(page: PageRequest): Promise<OrganizationPage> {
    const { rows, totalCount, nextCursor } = await this.pageRows(page, '');
    return { organizations: rows.map(toOrganizationView), totalCount, nextCursor };
  }

  /**
   * The page's rows in the page's order; one deleted since its ids were read is left out. Also
   * the sign-in chooser's (OrganizationsService.choices).
   */
  async pageRows(page: PageRequest, search: string) {
    const { ids, totalCount, nextCursor } = await this.admin.pageIds(page, search);
    const found = ids.length ? await this.admin.findByIds(ids) : [];
    const byId = new Map(found.map((row) => [row.id, row]));
    const rows = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    return { rows, totalCount, nextCursor };
  }

  /** The organization and its identity provider's settings (when given) are saved together. */
  async create(request: CreateOrganizationRequest): Promise<AdminOrganization> {
    if (await this.admin.domainTaken(request.domain)) throw taken('domain');
    const saml = await prepareSamlForNewOrganization(this.saml, request);
    const created = await this.admin.create(
      {
        name: request.name,
        displayName: request.displayName,
        domain: request.domain,
        auth0OrgId: request.auth0OrgId || null,
        samlEnabled: request.samlEnabled,
      },
      saml,
    );
    if ('taken' in created) throw taken(created.taken);
    return { ...toOrganizationView(created.organization), userCount: 0 };
  }

  /**
   * Deletes the organization's identity data at once (users, sessions, invitations,
   * notifications cascade), then announces it: every service, this one included, removes
   * its own data and stored files for it, retried until done.
   */
  async delete(organizationId: number): Promise<{ message: string }> {
    const organization = await this.organizations.findById(organizationId);
    if (!organization) throw RpcFailure.notFound('Organization not found');
    if (await this.admin.holdsSuperAdmin(organizationId)) {
      throw new RpcFailure(
        'conflict',
        "The super administrator's own organization cannot be deleted.",
      );
    }
    await this.admin.delete(organizationId, (tx) =>
      this.events.publish({ type: 'organization.deleted', organizationId }, tx),
    );
    await this.revocations.announce({ organizationId });
    return { message: `Organization ${organization.displayName} deleted` };
  }
}
