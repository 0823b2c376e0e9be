import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { keyId, openSecretBox, SecretBox, SecretKeyError } from './secret-box.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'secret-box-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('SecretBox', () => {
  it('seals with AES-256-GCM so the plain text is nowhere in the value, and opens it again', () => {
    const box = new SecretBox(randomBytes(32));
    const { sealed, keyId: id } = box.seal('client-secret-123');
    expect(sealed).not.toContain('client-secret-123');
    expect(sealed.startsWith(`v1.${id}.`)).toBe(true);
    expect(box.open(sealed)).toBe('client-secret-123');
    expect(box.seal('client-secret-123').sealed).not.toBe(sealed);
  });

  it('refuses a tampered value and a value of an unknown key', () => {
    const box = new SecretBox(randomBytes(32));
    const { sealed } = box.seal('secret');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[4] = body.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed)).toThrow(SecretKeyError);
  });

  it('opens values of an old key after rotation and seals new ones with the current key', () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const sealedBefore = new SecretBox(oldKey).seal('rotate me').sealed;
    const rotated = openSecretBox({
      NODE_ENV: 'production',
      DATA_DIR: tempDir(),
      INTEGRATION_SECRET_KEY: newKey.toString('hex'),
      INTEGRATION_SECRET_KEYS_OLD: oldKey.toString('base64'),
    });
    expect(rotated.open(sealedBefore)).toBe('rotate me');
    expect(rotated.seal('x').keyId).toBe(keyId(newKey));
    expect(rotated.currentKeyId).not.toBe(keyId(oldKey));
  });

  it('needs the key in production, and keeps a generated key in DATA_DIR otherwise', () => {
    const dir = tempDir();
    expect(() => openSecretBox({ NODE_ENV: 'production', DATA_DIR: dir })).toThrow(
      /INTEGRATION_SECRET_KEY is required/,
    );
    const first = openSecretBox({ NODE_ENV: 'development', DATA_DIR: dir });
    const file = join(dir, 'integration-secret.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toHaveLength(44);
    const again = openSecretBox({ NODE_ENV: 'development', DATA_DIR: dir });
    expect(again.open(first.seal('kept').sealed)).toBe('kept');
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() =>
      openSecretBox({ NODE_ENV: 'test', DATA_DIR: tempDir(), INTEGRATION_SECRET_KEY: 'short' }),
    ).toThrow(/must be 32 bytes/);
  });
});
