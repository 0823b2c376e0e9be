import { randomBytes } from 'node:crypto';

export { digestSessionToken } from '@hub/kit';

/** 256 random bits, URL-safe: what the session cookie holds. */
export const newSessionToken = () => randomBytes(32).toString('base64url');
