import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type ObjectLiteral } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

/** What API and SCIM tokens both keep: who made one, and when it was last used. */
interface TokenRecord extends ObjectLiteral {
  id: number;
  createdBy: number | null;
  lastUsedAt: Date | null;
}

/** How often a token's last use is written: often enough to show, rarely enough to be cheap. */
const LAST_USE_PRECISION_MS = 60_000;

/** The names of API and SCIM tokens' creators. */
@Injectable()
export class TokenCreatorsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** The tokens with their creators' names (null for a creator since deleted), in one read. */
  async withNames<T extends TokenRecord>(
    tokens: T[],
  ): Promise<(T & { createdByName: string | null })[]> {
    const creatorIds = [...new Set(tokens.flatMap((token) => token.createdBy ?? []))];
    const creators = creatorIds.length
      ? await this.db
          .getRepository(UserEntity)
          .find({ where: creatorIds.map((id) => ({ id })), select: { id: true, name: true } })
      : [];
    const names = new Map(creators.map((user) => [user.id, user.name]));
    return tokens.map((token) => ({
      ...token,
      createdByName: token.createdBy === null ? null : (names.get(token.createdBy) ?? null),
    }));
  }
}

/** Where a token's last use is written: the repository of its kind. */
interface TokenUses {
  update(id: number, values: { lastUsedAt: Date }): Promise<unknown>;
}

/** The token's use at `now` recorded, at most once a minute. */
export async function recordUse(tokens: TokenUses, token: TokenRecord, now: Date): Promise<void> {
  if (token.lastUsedAt && now.getTime() - token.lastUsedAt.getTime() <= LAST_USE_PRECISION_MS) {
    return;
  }
  await tokens.update(token.id, { lastUsedAt: now });
  token.lastUsedAt = now;
}
