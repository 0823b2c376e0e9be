import type { DataSource } from 'typeorm';
import { databaseOfTheFile } from '@hub/testing/database-of-the-file';
import { openIdentityDatabase } from '../database.js';
import { MemberIdsRepository } from '../users/member-ids.repository.js';
import { UsersController } from '../users/users.controller.js';
import { UsersRepository } from '../users/users.repository.js';
import { UsersService } from '../users/users.service.js';

/** The ids of the two organizations, works (works.example) and other (other.example). */
export interface WorksAndOther {
  works: number;
  other: number;
}

/**
 * A test file's database holding the organizations works and other, with the people `seed`
 * adds, and the users' RPC controller over it: opened before the file's tests, closed after them.
 * `org` is filled in before the tests.
 */
export function usersOfWorksAndOther(seed: (db: DataSource, org: WorksAndOther) => Promise<void>): {
  readonly db: DataSource;
  readonly users: UsersController;
  readonly org: WorksAndOther;
} {
  const org: WorksAndOther = { works: 0, other: 0 };
  const file = databaseOfTheFile(openIdentityDatabase, async (db) => {
    const users = new UsersController(
      new UsersService(new UsersRepository(db), new MemberIdsRepository(db)),
    );
    const organizations = (await db.query(
      `INSERT INTO organizations (name, display_name, domain)
       VALUES ('works', 'Works Ltd', 'works.example'), ('other', 'Other Co', 'other.example')
       RETURNING id`,
    )) as { id: number }[];
    [org.works, org.other] = organizations.map((row) => row.id) as [number, number];
    await seed(db, org);
    return users;
  });
  return {
    get db() {
      return file.db;
    },
    get users() {
      return file.prepared;
    },
    org,
  };
}
