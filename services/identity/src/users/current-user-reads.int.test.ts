import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DataSource } from 'typeorm';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { IDENTITY_TEMPLATE } from '../test-support/identity-database-template.js';
import { openIdentityDatabase } from '../database.js';
import { CurrentUserReads } from './current-user-reads.js';
import { UsersRepository } from './users.repository.js';

describe('CurrentUserReads', () => {
  let resources: TestResources;
  let db: DataSource;
  const ids = { works: 0, other: 0, ada: 0, grace: 0, stranger: 0 };

  beforeAll(async () => {
    resources = await claimTemplateResources(IDENTITY_TEMPLATE);
    db = await openIdentityDatabase(resources.databaseUrl);
    const organizations = (await db.query(
      `INSERT INTO organizations (name, display_name, domain)
       VALUES ('works', 'Works Ltd', 'works.example'), ('other', 'Other Co', 'other.example')
       RETURNING id`,
    )) as { id: number }[];
    ids.works = organizations[0]!.id;
    ids.other = organizations[1]!.id;
    const users = (await db.query(
      `INSERT INTO users (email, name, role, organization_id, is_active)
       VALUES ('ada@works.example', 'Ada', 'admin', $1, true),
              ('grace@works.example', 'Grace', 'operator', $1, true),
              ('sam@other.example', 'Sam', 'manager', $2, true)
       RETURNING id`,
      [ids.works, ids.other],
    )) as { id: number }[];
    [ids.ada, ids.grace, ids.stranger] = users.map((user) => user.id) as [number, number, number];
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it('answers the reads of one turn with one query, each with its own user', async () => {
    const reads = new CurrentUserReads(new UsersRepository(db));
    const query = vi.spyOn(db, 'query');
    const [ada, grace, adaAgain] = await Promise.all([
      reads.read({ userId: ids.ada, organizationId: ids.works }),
      reads.read({ userId: ids.grace, organizationId: ids.works }),
      reads.read({ userId: ids.ada, organizationId: ids.works }),
    ]);
    expect(query).toHaveBeenCalledTimes(1);
    query.mockRestore();
    expect(ada).toMatchObject({ id: ids.ada, name: 'Ada', organizationDisplayName: 'Works Ltd' });
    expect(grace).toMatchObject({ id: ids.grace, role: 'operator', organizationName: 'works' });
    expect(adaAgain).toEqual(ada);
  });

  it("answers nothing for another organization's user or an unknown one", async () => {
    const reads = new CurrentUserReads(new UsersRepository(db));
    const [crossed, unknown, own] = await Promise.all([
      reads.read({ userId: ids.stranger, organizationId: ids.works }),
      reads.read({ userId: 987_654, organizationId: ids.works }),
      reads.read({ userId: ids.stranger, organizationId: ids.other }),
    ]);
    expect(crossed).toBeUndefined();
    expect(unknown).toBeUndefined();
    expect(own).toMatchObject({ id: ids.stranger, organizationDisplayName: 'Other Co' });
  });

  it('reads again on a later turn, so a changed row is seen at once', async () => {
    const reads = new CurrentUserReads(new UsersRepository(db));
    await reads.read({ userId: ids.grace, organizationId: ids.works });
    await db.query(`UPDATE users SET name = 'Grace H.' WHERE id = $1`, [ids.grace]);
    const grace = await reads.read({ userId: ids.grace, organizationId: ids.works });
    expect(grace?.name).toBe('Grace H.');
  });

  it('fails every read of the batch when the query fails', async () => {
    const reads = new CurrentUserReads(new UsersRepository(db));
    const query = vi.spyOn(db, 'query').mockRejectedValueOnce(new Error('connection lost'));
    const results = await Promise.allSettled([
      reads.read({ userId: ids.ada, organizationId: ids.works }),
      reads.read({ userId: ids.grace, organizationId: ids.works }),
    ]);
    query.mockRestore();
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
