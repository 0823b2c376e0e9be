import { REVOCATIONS } from '../tokens.js';
import type { SessionRevocations } from '../auth/session-revocations.js';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AdminOrganization, CreateOrganizationRequest, Organization } from '@hub/proto';
import { type EventBus, RpcFailure } from '@hub/kit';
import { EVENTS } from '../tokens.js';
import { OrganizationEntity } from '../organizations/organization.entity.js';
import { prepareSamlForNewOrganization, saveSamlSettings } from '../saml/saml-settings.js';

export const toOrganizationView = (row: OrganizationEntity): Organization => ({
  id: row.id,
  name: row.name,
  displayName: row.displayName,
  domain: row.domain,
  auth0OrgId: row.auth0OrgId,
  samlEnabled: row.samlEnabled,
  createdAt: row.createdAt.toISOString(),
});

@Injectable()
export class OrganizationsAdminService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(REVOCATIONS) private readonly revocations: SessionRevocations,
    @Inject(EVENTS) private readonly events: EventBus,
  ) {}

  async list(): Promise<AdminOrganization[]> {
    const rows = (await this.db.query(
      `SELECT o.id, count(u.id)::int AS user_count FROM organizations o
         LEFT JOIN users u ON u.organization_id = o.id GROUP BY o.id`,
    )) as { id: number; user_count: number }[];
    const counts = new Map(rows.map((row) => [row.id, row.user_count]));
    const organizations = await this.db
      .getRepository(OrganizationEntity)
      .find({ order: { createdAt: 'DESC', id: 'DESC' } });
    return organizations.map((row) => ({
      ...toOrganizationView(row),
      userCount: counts.get(row.id) ?? 0,
    }));
  }

  async listPlain(): Promise<Organization[]> {
    const organizations = await this.db
      .getRepository(OrganizationEntity)
      .find({ order: { id: 'ASC' } });
    return organizations.map(toOrganizationView);
  }

  async create(request: CreateOrganizationRequest): Promise<AdminOrganization> {
    const repository = this.db.getRepository(OrganizationEntity);
    if (await repository.existsBy({ domain: request.domain })) {
      throw new RpcFailure(
        'conflict',
        'An organization with this domain already exists.',
        'domain',
      );
    }
    const saml = await prepareSamlForNewOrganization(this.db, request);
    const saved = await repository.save(
      repository.create({
        name: request.name,
        displayName: request.displayName,
        domain: request.domain,
        auth0OrgId: request.auth0OrgId || null,
        samlEnabled: request.samlEnabled,
      }),
    );
    if (saml) await saveSamlSettings(this.db, saved.id, saml);
    return { ...toOrganizationView(saved), userCount: 0 };
  }

  /**
   * Deletes the organization's identity data at once (users, sessions, invitations,
   * notifications cascade), then announces it: every service, this one included, removes
   * its own data and stored files for it, retried until done.
   */
  async delete(organizationId: number): Promise<{ message: string }> {
    const repository = this.db.getRepository(OrganizationEntity);
    const organization = await repository.findOneBy({ id: organizationId });
    if (!organization) throw RpcFailure.notFound('Organization not found');
    const [holdsSuperAdmin] = (await this.db.query(
      `SELECT 1 FROM users WHERE organization_id = $1 AND role = 'super_admin' LIMIT 1`,
      [organizationId],
    )) as unknown[];
    if (holdsSuperAdmin) {
      throw new RpcFailure(
        'conflict',
        "The super administrator's own organization cannot be deleted.",
      );
    }
    await repository.delete(organizationId);
    await this.revocations.announce({ organizationId });
    await this.events.publish({ type: 'organization.deleted', organizationId });
    return { message: `Organization ${organization.displayName} deleted` };
  }
}
