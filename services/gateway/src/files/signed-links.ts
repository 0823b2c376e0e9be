import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SIGNED_LINK_SECONDS } from '@hub/proto';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

interface LinkClaims {
  /** Storage key. */
  k: string;
  /** Expiry, epoch seconds. */
  e: number;
  /** File name offered on download. */
  n?: string;
}

/**
 * Short-lived links to stored files: the link itself is the credential (usable in an iframe,
 * an img or a download), signed with HMAC so no one can point it at another key or extend it.
 */
@Injectable()
export class SignedLinks {
  private readonly secret: Buffer;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.secret = config.FILE_LINK_SECRET ? Buffer.from(config.FILE_LINK_SECRET) : randomBytes(32);
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }

  create(
    key: string,
    fileName?: string,
    seconds = SIGNED_LINK_SECONDS,
  ): { url: string; expiresAt: string } {
    const expires = Math.floor(Date.now() / 1000) + seconds;
    const claims: LinkClaims = { k: key, e: expires, ...(fileName ? { n: fileName } : {}) };
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return {
      url: `/api/files/${payload}.${this.sign(payload)}`,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }

  /** The claims of a valid, unexpired link; null otherwise. */
  verify(token: string): LinkClaims | null {
    const [payload, signature] = token.split('.');
    if (!payload || !signature) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as LinkClaims;
      return typeof claims.k === 'string' && claims.e * 1000 > Date.now() ? claims : null;
    } catch {
      return null;
    }
  }
}
