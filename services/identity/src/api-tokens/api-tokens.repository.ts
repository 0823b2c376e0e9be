import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull, MoreThan } from 'typeorm';
import { recordUse, TokenCreatorsRepository } from '../access-tokens/token-records.repository.js';
import { UserEntity } from '../users/user.entity.js';
import { ApiTokenEntity } from './api-token.entity.js';

export interface ApiTokenRow extends ApiTokenEntity {
  createdByName: string | null;
}

export type NewApiToken = Pick<
  ApiTokenEntity,
  'organizationId' | 'name' | 'hint' | 'tokenHash' | 'role' | 'readOnly' | 'createdBy' | 'expiresAt'
>;

/** An organization's API tokens; revoked and expired ones are kept (the audit log names them). */
@Injectable()
export class ApiTokensRepository {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(TokenCreatorsRepository) private readonly creators: TokenCreatorsRepository,
  ) {}

  /**
   * The tokens that still work: neither revoked nor expired. A token whose creator stopped
   * being an active administrator was revoked with that change (migration 1767896000000).
   */
  async live(organizationId: number): Promise<ApiTokenRow[]> {
    const tokens = await this.db.getRepository(ApiTokenEntity).find({
      where: { organizationId, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    return this.creators.withNames(tokens);
  }

  create(token: NewApiToken): Promise<ApiTokenEntity> {
    return this.db.getRepository(ApiTokenEntity).save({ ...token, lastUsedAt: null });
  }

  /** Whether a live token of the organization was revoked. */
  async revoke(organizationId: number, id: number): Promise<boolean> {
    const result = await this.db
      .getRepository(ApiTokenEntity)
      .update({ id, organizationId, revokedAt: IsNull() }, { revokedAt: new Date() });
    return (result.affected ?? 0) > 0;
  }

  /**
   * The live, unexpired token with this digest whose creator is still an active administrator
   * of its organization, its use recorded; otherwise null.
   */
  async use(tokenHash: string): Promise<ApiTokenEntity | null> {
    const tokens = this.db.getRepository(ApiTokenEntity);
    const now = new Date();
    const token = await tokens.findOneBy({
      tokenHash,
      revokedAt: IsNull(),
      expiresAt: MoreThan(now),
    });
    if (!token || !(await this.creatorStillAdmin(token))) return null;
    await recordUse(tokens, token, now);
    return token;
  }

  private async creatorStillAdmin(token: ApiTokenEntity): Promise<boolean> {
    if (token.createdBy === null) return false;
    return this.db.getRepository(UserEntity).existsBy({
      id: token.createdBy,
      organizationId: token.organizationId,
      role: 'admin',
      isActive: true,
      // Suspended by the identity provider (SCIM `active: false`): no longer an active administrator.
      suspendedAt: IsNull(),
    });
  }
}
