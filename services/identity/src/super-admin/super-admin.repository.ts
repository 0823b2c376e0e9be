import type { DataSource, EntityManager } from 'typeorm';

export interface NewSuperAdmin {
  email: string;
  name: string;
  organizationId: number;
  passwordHash: string;
}

/** The start-up seed's statements; each runs in the seed's transaction. */
export class SuperAdminRepository {
  constructor(private readonly db: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Replicas starting together wait here, one after the other, until the transaction ends. */
  async lockSeed(tx: EntityManager): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('identity.super-admin-seed'))`);
  }

  async emailTaken(tx: EntityManager, email: string): Promise<boolean> {
    const existing = (await tx.query(`SELECT id FROM users WHERE email = $1`, [
      email,
    ])) as unknown[];
    return existing.length > 0;
  }

  /** The organization of this domain, created when there is none; its id. */
  async ensureOrganization(tx: EntityManager, name: string, domain: string): Promise<number> {
    const [organization] = (await tx.query(
      `INSERT INTO organizations (name, display_name, domain) VALUES ($1, $1, $2)
       ON CONFLICT (domain) DO UPDATE SET domain = EXCLUDED.domain RETURNING id`,
      [name, domain],
    )) as { id: number }[];
    return organization!.id;
  }

  async insertSuperAdmin(tx: EntityManager, user: NewSuperAdmin): Promise<void> {
    await tx.query(
      `INSERT INTO users (email, name, role, organization_id, password_hash, is_active)
       VALUES ($1, $2, 'super_admin', $3, $4, true)`,
      [user.email, user.name, user.organizationId, user.passwordHash],
    );
  }
}
