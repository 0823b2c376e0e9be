import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: what the session cookie holds. */
export const newSessionToken = () => randomBytes(32).toString('base64url');

/** Only this digest is stored, so a database leak yields no usable session. */
export const digestSessionToken = (token: string) =>
  createHash('sha256').update(token).digest('hex');
