import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Actor, CreateScimTokenRequest, ScimCaller, ScimTokenView } from '@hub/proto';
import { digestSessionToken, RpcFailure } from '@hub/kit';
import { type ScimTokenRow, ScimTokensRepository } from './scim-tokens.repository.js';

/** A recognisable prefix, so a leaked secret is easy to spot in logs and secret scanners. */
const SECRET_PREFIX = 'hubscim_';

const view = (token: ScimTokenRow): ScimTokenView => ({
  id: token.id,
  name: token.name,
  createdAt: token.createdAt.toISOString(),
  createdBy: token.createdByName,
  lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
});

/** Bearer tokens of an organization's identity provider: created, listed, revoked, resolved. */
@Injectable()
export class ScimTokensService {
  constructor(@Inject(ScimTokensRepository) private readonly tokens: ScimTokensRepository) {}

  async list(actor: Actor) {
    return { tokens: (await this.tokens.live(actor.organizationId)).map(view) };
  }

  async create(actor: Actor, request: CreateScimTokenRequest) {
    const secret = `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
    const saved = await this.tokens.create({
      organizationId: actor.organizationId,
      name: request.name,
      tokenHash: digestSessionToken(secret),
      createdBy: actor.userId,
    });
    const [created] = (await this.tokens.live(actor.organizationId)).filter(
      (token) => token.id === saved.id,
    );
    return { token: view(created!), secret };
  }

  async revoke(actor: Actor, tokenId: number) {
    if (!(await this.tokens.revoke(actor.organizationId, tokenId))) {
      throw RpcFailure.notFound('SCIM token not found');
    }
    return { message: 'SCIM token revoked. Requests with it are refused from now on.' };
  }

  async resolve(secret: string): Promise<ScimCaller | null> {
    if (!secret.startsWith(SECRET_PREFIX)) return null;
    const token = await this.tokens.use(digestSessionToken(secret));
    return token
      ? { tokenId: token.id, tokenName: token.name, organizationId: token.organizationId }
      : null;
  }
}
