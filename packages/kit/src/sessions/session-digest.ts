import { createHash } from 'node:crypto';

/** Only this digest of a session token is stored or announced, so neither leaks a usable session. */
export const digestSessionToken = (token: string) =>
  createHash('sha256').update(token).digest('hex');
