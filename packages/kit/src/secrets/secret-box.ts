import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';

export class SecretKeyError extends Error {}

/** 32 bytes written as 64 hex digits or as base64. */
export function parseSecretKey(text: string, name: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new SecretKeyError(`${name} must be 32 bytes, base64 or hex`);
  return key;
}

/** A short public fingerprint of a key, stored beside each sealed value. */
export const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 12);

/** Whether `value` has the form `seal` gives (it may still not open). */
export const isSealed = (value: string) => value.startsWith(`${VERSION}.`);

/**
 * Seals and opens secrets with AES-256-GCM. New values use the current key; values sealed with
 * an older key still open, so rotation is: make the new key current, keep the old one in the
 * old-keys list, and re-seal. `purpose` binds sealed values to their use: a ciphertext made for
 * something else does not open here.
 */
export class SecretBox {
  readonly currentKeyId: string;
  private readonly keys = new Map<string, Buffer>();
  private readonly purpose: Buffer;

  constructor(
    purpose: string,
    private readonly current: Buffer,
    older: Buffer[] = [],
  ) {
    this.purpose = Buffer.from(purpose);
    this.currentKeyId = keyId(current);
    for (const key of [current, ...older]) this.keys.set(keyId(key), key);
  }

  seal(plain: string): { sealed: string; keyId: string } {
    const iv = randomBytes(12);
    const cipher = createCipheriv(ALGORITHM, this.current, iv);
    cipher.setAAD(this.purpose);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [VERSION, this.currentKeyId, iv, cipher.getAuthTag(), body].map((part) =>
      typeof part === 'string' ? part : part.toString('base64url'),
    );
    return { sealed: parts.join('.'), keyId: this.currentKeyId };
  }

  open(sealed: string): string {
    const [version, id, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !id || !iv || !tag || body === undefined)
      throw new SecretKeyError('The sealed value is malformed');
    const key = this.keys.get(id);
    if (!key) throw new SecretKeyError(`No configured key opens values sealed with key ${id}`);
    const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(this.purpose);
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  }
}

export interface SecretBoxSource {
  purpose: string;
  NODE_ENV: string;
  DATA_DIR: string;
  /** The variable naming the current key, and its value. */
  variable: string;
  key?: string | undefined;
  /** The variable listing older keys (comma-separated), and its value. */
  olderVariable: string;
  olderKeys?: string | undefined;
  /** Where outside production, without a key, a generated one is kept (in DATA_DIR). */
  fileName: string;
}

/**
 * The key from its variable; outside production, without it, a key generated once and kept
 * (owner-readable only) in DATA_DIR, so a restart still opens values.
 */
export function openSecretBoxFrom(source: SecretBoxSource): SecretBox {
  const older = (source.olderKeys ?? '')
    .split(',')
    .filter((text) => text.trim())
    .map((text) => parseSecretKey(text, source.olderVariable));
  if (source.key)
    return new SecretBox(source.purpose, parseSecretKey(source.key, source.variable), older);
  if (source.NODE_ENV === 'production')
    throw new SecretKeyError(`${source.variable} is required in production`);
  const key = developmentKey(join(source.DATA_DIR, source.fileName));
  return new SecretBox(source.purpose, key, older);
}

function developmentKey(path: string): Buffer {
  if (existsSync(path)) return parseSecretKey(readFileSync(path, 'utf8'), path);
  const key = randomBytes(32);
  mkdirSync(dirname(path), { recursive: true });
  try {
    writeFileSync(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process of the service wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return developmentKey(path);
    throw error;
  }
  chmodSync(path, 0o600);
  return key;
}
