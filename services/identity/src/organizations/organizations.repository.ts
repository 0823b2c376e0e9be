import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
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

  /** By display name; one organization, or every one (`organizationId` null). */
  findByDisplayName(organizationId: number | null): Promise<OrganizationEntity[]> {
    const where = organizationId === null ? {} : { id: organizationId };
    return this.organizations.find({ where, order: { displayName: 'ASC' } });
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
