import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { IdentityConfig } from '../config.js';
import { hashPassword } from '../auth/passwords.js';
import { SuperAdminRepository } from './super-admin.repository.js';

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
  const repository = new SuperAdminRepository(db);
  return repository.transaction(async (tx) => {
    await repository.lockSeed(tx);
    if (await repository.emailTaken(tx, email)) return { created: false, email };
    const domain = email.split('@')[1] ?? 'localhost';
    const generatedPassword = config.SUPER_ADMIN_PASSWORD ? undefined : generateStrongPassword();
    const passwordHash = await hashPassword(config.SUPER_ADMIN_PASSWORD ?? generatedPassword!);
    const organizationId = await repository.ensureOrganization(
      tx,
      config.SUPER_ADMIN_ORGANIZATION,
      domain,
    );
    await repository.insertSuperAdmin(tx, {
      email,
      name: config.SUPER_ADMIN_NAME,
      organizationId,
      passwordHash,
    });
    return { created: true, email, ...(generatedPassword ? { generatedPassword } : {}) };
  });
}
