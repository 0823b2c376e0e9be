import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { IdentityConfig } from '../config.js';
import { hashPassword } from '../auth/passwords.js';

export interface SeedOutcome {
  created: boolean;
  email: string;
  /** Only set when the password was generated here: it is printed once and never stored in clear. */
  generatedPassword?: string;
}

/** A password of 24 characters drawn from letters, digits and symbols, with each kind present. */
export function generateStrongPassword(): string {
  const body = randomBytes(18).toString('base64url');
  return `${body}aA7!`;
}

/**
 * Creates the super administrator and its organization on first start. Runs under an
 * advisory lock so replicas starting together create it once; never resets an existing one.
 */
export async function seedSuperAdmin(db: DataSource, config: IdentityConfig): Promise<SeedOutcome> {
  const email = config.SUPER_ADMIN_EMAIL.trim().toLowerCase();
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('identity.super-admin-seed'))`);
    const existing = (await tx.query(`SELECT id FROM users WHERE email = $1`, [
      email,
    ])) as unknown[];
    if (existing.length > 0) return { created: false, email };
    const domain = email.split('@')[1] ?? 'localhost';
    const generatedPassword = config.SUPER_ADMIN_PASSWORD ? undefined : generateStrongPassword();
    const passwordHash = await hashPassword(config.SUPER_ADMIN_PASSWORD ?? generatedPassword!);
    const [organization] = (await tx.query(
      `INSERT INTO organizations (name, display_name, domain) VALUES ($1, $1, $2)
       ON CONFLICT (domain) DO UPDATE SET domain = EXCLUDED.domain RETURNING id`,
      [config.SUPER_ADMIN_ORGANIZATION, domain],
    )) as { id: number }[];
    await tx.query(
      `INSERT INTO users (email, name, role, organization_id, password_hash, is_active)
       VALUES ($1, $2, 'super_admin', $3, $4, true)`,
      [email, config.SUPER_ADMIN_NAME, organization!.id, passwordHash],
    );
    return { created: true, email, ...(generatedPassword ? { generatedPassword } : {}) };
  });
}
