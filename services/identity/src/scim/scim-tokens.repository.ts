import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { recordUse, TokenCreatorsRepository } from '../access-tokens/token-records.repository.js';
import { ScimTokenEntity } from './scim-token.entity.js';

export interface ScimTokenRow extends ScimTokenEntity {
  createdByName: string | null;
}

/** An organization's SCIM tokens; a revoked token is kept (for the audit trail), never listed. */
@Injectable()
export class ScimTokensRepository {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(TokenCreatorsRepository) private readonly creators: TokenCreatorsRepository,
  ) {}

  async live(organizationId: number): Promise<ScimTokenRow[]> {
    const tokens = await this.db.getRepository(ScimTokenEntity).find({
      where: { organizationId, revokedAt: IsNull() },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    return this.creators.withNames(tokens);
  }

  create(token: Pick<ScimTokenEntity, 'organizationId' | 'name' | 'tokenHash' | 'createdBy'>) {
    return this.db.getRepository(ScimTokenEntity).save({ ...token, lastUsedAt: null });
  }

  /** Whether a live token of the organization was revoked. */
  async revoke(organizationId: number, id: number): Promise<boolean> {
    const result = await this.db
      .getRepository(ScimTokenEntity)
      .update({ id, organizationId, revokedAt: IsNull() }, { revokedAt: new Date() });
    return (result.affected ?? 0) > 0;
  }

  /** The live token with this digest, its use recorded (at most once a minute). */
  async use(tokenHash: string): Promise<ScimTokenEntity | null> {
    const tokens = this.db.getRepository(ScimTokenEntity);
    const token = await tokens.findOneBy({ tokenHash, revokedAt: IsNull() });
    if (!token) return null;
    await recordUse(tokens, token, new Date());
    return token;
  }
}
