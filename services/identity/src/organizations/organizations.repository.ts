import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { emailDomain } from './email-domain.js';
import { OrganizationEntity } from './organization.entity.js';

/** The organizations table, as the organization lookups and every other capability read it. */
@Injectable()
export class OrganizationsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  private get organizations() {
    return this.db.getRepository(OrganizationEntity);
  }

  findById(id: number): Promise<OrganizationEntity | null> {
    return this.organizations.findOneBy({ id });
  }

  findByDomain(domain: string): Promise<OrganizationEntity | null> {
    return this.organizations.findOneBy({ domain });
  }

  /** The organizations holding these domains, by domain (the others are missing). */
  async domainOwners(domains: string[]): Promise<Map<string, number>> {
    if (!domains.length) return new Map();
    const found = await this.organizations.find({
      where: { domain: In(domains) },
      select: { id: true, domain: true },
    });
    return new Map(found.map((organization) => [organization.domain, organization.id]));
  }

  /**
   * Whether an email is on a domain another organization holds: its people sign in through that
   * organization's identity provider (SAML refuses them anywhere else), so no other organization
   * may create them.
   */
  async emailOfAnother(organizationId: number, email: string): Promise<boolean> {
    const owner = (await this.domainOwners([emailDomain(email)])).get(emailDomain(email));
    return owner !== undefined && owner !== organizationId;
  }

  /** These organizations (those that exist), in no particular order. */
  findByIds(ids: number[]): Promise<OrganizationEntity[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.organizations.findBy({ id: In(ids) });
  }

  async findAllIds(): Promise<number[]> {
    const rows = await this.organizations.find({ select: { id: true }, order: { id: 'ASC' } });
    return rows.map((row) => row.id);
  }

  /** Its rows of every identity table go with it (ON DELETE CASCADE). */
  async deleteById(id: number): Promise<void> {
    await this.organizations.delete(id);
  }
}
