import { Inject, Injectable } from '@nestjs/common';
import { DataSource, Not } from 'typeorm';
import { OrganizationEntity } from '../organizations/organization.entity.js';
import { UserEntity } from '../users/user.entity.js';
import type { ResolvedIdp } from './idp-metadata.js';
import { SamlSettingsEntity } from './saml-settings.entity.js';

/** What a SAML sign-in may change of a user it matched. */
export type SsoUserChanges = Partial<Pick<UserEntity, 'isActive' | 'auth0UserId'>>;

/** SAML organizations, their identity providers and the users their sign-ins match. */
@Injectable()
export class SamlRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** The organization with SAML on under this SSO identifier. */
  findSamlOrganization(identifier: string): Promise<OrganizationEntity | null> {
    return this.db
      .getRepository(OrganizationEntity)
      .findOneBy({ auth0OrgId: identifier, samlEnabled: true });
  }

  findSettings(organizationId: number): Promise<SamlSettingsEntity | null> {
    return this.db.getRepository(SamlSettingsEntity).findOneBy({ organizationId });
  }

  async saveSettings(organizationId: number, resolved: ResolvedIdp): Promise<void> {
    await this.db.getRepository(SamlSettingsEntity).save({ organizationId, ...resolved });
  }

  /** Whether another SAML organization than `exceptOrganizationId` uses the identifier. */
  identifierTaken(identifier: string, exceptOrganizationId: number): Promise<boolean> {
    return this.db.getRepository(OrganizationEntity).existsBy({
      auth0OrgId: identifier,
      samlEnabled: true,
      id: Not(exceptOrganizationId),
    });
  }

  findUserByEmail(email: string): Promise<UserEntity | null> {
    return this.db
      .getRepository(UserEntity)
      .findOne({ where: { email }, relations: { organization: true } });
  }

  async updateUser(userId: number, changes: SsoUserChanges): Promise<void> {
    await this.db.getRepository(UserEntity).update(userId, changes);
  }
}
