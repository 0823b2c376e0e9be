import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { OrganizationEntity } from '../organizations/organization.entity.js';
import { UserEntity } from '../users/user.entity.js';

/** A new organization's fields; the id and creation time are the database's. */
export type NewOrganization = Pick<
  OrganizationEntity,
  'name' | 'displayName' | 'domain' | 'auth0OrgId' | 'samlEnabled'
>;

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

  create(organization: NewOrganization): Promise<OrganizationEntity> {
    return this.organizations.save(this.organizations.create(organization));
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
