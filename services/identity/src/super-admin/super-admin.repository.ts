import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';

export interface NewSuperAdmin {
  email: string;
  name: string;
  organizationId: number;
  passwordHash: string;
}

/** The start-up seed's statements; each runs in the seed's transaction. */
@Injectable()
export class SuperAdminRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /**
   * Replicas starting together wait here, one after the other, until the transaction ends
   * (raw SQL: an advisory lock is no entity's).
   */
  async lockSeed(tx: EntityManager): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('identity.super-admin-seed'))`);
  }

  emailTaken(tx: EntityManager, email: string): Promise<boolean> {
    return tx.getRepository(UserEntity).existsBy({ email });
  }

  /**
   * The organization of this domain, created when there is none; its id. Raw SQL: TypeORM's
   * upsert would overwrite the existing organization's names, and one statement keeps two
   * replicas from both inserting.
   */
  async ensureOrganization(tx: EntityManager, name: string, domain: string): Promise<number> {
    const [organization] = (await tx.query(
      `INSERT INTO organizations (name, display_name, domain) VALUES ($1, $1, $2)
       ON CONFLICT (domain) DO UPDATE SET domain = EXCLUDED.domain RETURNING id`,
      [name, domain],
    )) as { id: number }[];
    return organization!.id;
  }

  async insertSuperAdmin(tx: EntityManager, user: NewSuperAdmin): Promise<void> {
    await tx.getRepository(UserEntity).insert({ ...user, role: 'super_admin', isActive: true });
  }
}
