import { describe, expect, it } from 'vitest';
import { identityRpc, type MemberFilter } from '@hub/proto';
import { usersOfWorksAndOther } from '../test-support/users.js';

/** Works' people: every fourth pending, every fifth suspended, every third a supervisor. */
const PEOPLE = 23;

describe('users.memberIdPage: the ids of a filter, a keyset page at a time', () => {
  let ids: number[] = [];
  let others: number[] = [];
  const identity = usersOfWorksAndOther(async (db, org) => {
    // Names against the ids' order: a page goes by id, not by name.
    const rows = (await db.query(
      `INSERT INTO users (email, name, role, organization_id, is_active, suspended_at)
       SELECT 'p' || n || '@works.example', 'P' || (100 - n),
              CASE WHEN n % 3 = 0 THEN 'training_supervisor' ELSE 'operator' END, $1,
              n % 4 <> 0, CASE WHEN n % 5 = 0 THEN now() END
         FROM generate_series(1, $2::int) n ORDER BY n RETURNING id`,
      [org.works, PEOPLE],
    )) as { id: number }[];
    ids = rows.map((row) => row.id).sort((a, b) => a - b);
    const theirs = (await db.query(
      `INSERT INTO users (email, name, role, organization_id, is_active)
       SELECT 'q' || n || '@other.example', 'Q' || n, 'training_supervisor', $1, true
         FROM generate_series(1, 3) n RETURNING id`,
      [org.other],
    )) as { id: number }[];
    others = theirs.map((row) => row.id);
  });
  const { org } = identity;

  /** Every page of the filter, as a caller walks them, and each page's size. */
  async function walk(filter: Omit<MemberFilter, 'organizationId'>, limit: number) {
    const pages: number[][] = [];
    let afterId = 0;
    for (;;) {
      const request = identityRpc.memberIdPage.request.parse({
        organizationId: org.works,
        ...filter,
        afterId,
        limit,
      });
      const page = identityRpc.memberIdPage.answer.parse(
        await identity.users.memberIdPage(request),
      );
      pages.push(page);
      if (page.length < limit) return pages;
      afterId = page.at(-1)!;
    }
  }

  const nth = (n: number) => ids[n - 1]!;
  const numbers = (test: (n: number) => boolean) =>
    Array.from({ length: PEOPLE }, (_, index) => index + 1).filter(test);

  it("walks the organization's ids ascending over several pages, nobody twice", async () => {
    const pages = await walk({}, 5);
    expect(pages.map((page) => page.length)).toEqual([5, 5, 5, 5, 3]);
    expect(pages.flat()).toEqual(ids);
    expect(pages.flat()).not.toEqual(expect.arrayContaining([others[0]]));
  });

  it('answers the filter, pending and suspended as the counts leave them out', async () => {
    const pending = await walk({ active: false }, 2);
    expect(pending.flat()).toEqual(numbers((n) => n % 4 === 0).map(nth));
    expect(pending.length).toBeGreaterThan(2);
    const suspended = await walk({ suspended: true }, 2);
    expect(suspended.flat()).toEqual(numbers((n) => n % 5 === 0).map(nth));
    const supervisors = await walk(
      { roles: ['training_supervisor'], active: true, suspended: false },
      2,
    );
    expect(supervisors.flat()).toEqual(
      numbers((n) => n % 3 === 0 && n % 4 !== 0 && n % 5 !== 0).map(nth),
    );
  });

  it('answers the ids among those asked, of the organization only', async () => {
    const asked = [nth(1), nth(4), nth(5), nth(6), others[0]!];
    const pages = await walk({ userIds: asked, active: true, suspended: false }, 1);
    expect(pages.flat()).toEqual([nth(1), nth(6)]);
    expect(await walk({ userIds: [] }, 10)).toEqual([[]]);
  });

  it('bounds the request: at most 1,000 asked ids and 1,000 answered', () => {
    const request = { organizationId: org.works, afterId: 0, limit: 1000 };
    expect(identityRpc.memberIdPage.request.safeParse(request).success).toBe(true);
    expect(identityRpc.memberIdPage.request.safeParse({ ...request, limit: 1001 }).success).toBe(
      false,
    );
    const userIds = Array.from({ length: 1001 }, (_, index) => index + 1);
    expect(identityRpc.memberIdPage.request.safeParse({ ...request, userIds }).success).toBe(false);
  });

  it("still answers the previous release's whole-organization patterns", async () => {
    const { users } = identity;
    expect(await users.memberIds({ organizationId: org.works })).toEqual(ids);
    const active = await users.activeMemberIds({ organizationId: org.works });
    expect(active.find((group) => group.role === 'training_supervisor')?.userIds).toEqual(
      numbers((n) => n % 3 === 0 && n % 4 !== 0 && n % 5 !== 0).map(nth),
    );
  });
});
