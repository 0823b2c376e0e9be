import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  API_TOKEN_PREFIX,
  type ApiTokenCaller,
  type ApiTokenView,
  type CreateApiTokenRequest,
} from '@hub/proto';
import { digestSessionToken, RpcFailure } from '@hub/kit';
import { type ApiTokenRow, ApiTokensRepository } from './api-tokens.repository.js';

const DAY_MS = 86_400_000;
/** The prefix and a few characters of the secret: tells tokens apart, reveals ~30 bits at most. */
const HINT_LENGTH = API_TOKEN_PREFIX.length + 4;

const view = (token: ApiTokenRow): ApiTokenView => ({
  id: token.id,
  name: token.name,
  hint: `${token.hint}…`,
  role: token.role,
  readOnly: token.readOnly,
  createdAt: token.createdAt.toISOString(),
  createdBy: token.createdByName,
  expiresAt: token.expiresAt.toISOString(),
  lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
});

/** Tokens other systems call the API with: created, listed, revoked, resolved. */
@Injectable()
export class ApiTokensService {
  constructor(@Inject(ApiTokensRepository) private readonly tokens: ApiTokensRepository) {}

  async list(actor: Actor) {
    return { tokens: (await this.tokens.live(actor.organizationId)).map(view) };
  }

  async create(actor: Actor, request: CreateApiTokenRequest) {
    // 256 random bits: far beyond guessing, so a fast unsalted digest is enough to store it.
    const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const saved = await this.tokens.create({
      organizationId: actor.organizationId,
      name: request.name,
      hint: secret.slice(0, HINT_LENGTH),
      tokenHash: digestSessionToken(secret),
      role: request.role,
      readOnly: request.readOnly,
      createdBy: actor.userId,
      expiresAt: new Date(Date.now() + request.expiresInDays * DAY_MS),
    });
    const created = (await this.tokens.live(actor.organizationId)).find(
      (token) => token.id === saved.id,
    );
    if (!created) throw RpcFailure.notFound('API token not found');
    return { token: view(created), secret };
  }

  async revoke(actor: Actor, tokenId: number) {
    if (!(await this.tokens.revoke(actor.organizationId, tokenId))) {
      throw RpcFailure.notFound('API token not found');
    }
    return { message: 'API token revoked. Requests with it are refused from now on.' };
  }

  async resolve(secret: string): Promise<ApiTokenCaller | null> {
    if (!secret.startsWith(API_TOKEN_PREFIX)) return null;
    const token = await this.tokens.use(digestSessionToken(secret));
    if (!token || token.createdBy === null) return null;
    return {
      tokenId: token.id,
      tokenName: token.name,
      organizationId: token.organizationId,
      userId: token.createdBy,
      role: token.role,
      readOnly: token.readOnly,
    };
  }
}
