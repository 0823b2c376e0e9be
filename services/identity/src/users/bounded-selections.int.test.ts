import { describe, expect, it, vi } from 'vitest';
import type { MemberFilter } from '@hub/proto';
import { usersOfWorksAndOther } from '../test-support/users.js';

/** A node of `EXPLAIN (FORMAT JSON)`'s plan, as far as the row counts below read it. */
interface PlanNode {
  'Node Type': string;
  'Actual Rows': number;
  Plans?: PlanNode[];
}

/** Ids a message: every selection and walk below takes several. */
const PAGE = 3;

/**
 * No answer of memberSearch's selection nor of the uncounted people holds more than a page of
 * ids: the rest is walked a page at a time (memberIdPage, otherMemberIdPage,
 * uncountedMemberIdPage), and the walk answers what the single answers did.
 */
describe("users: a search's selection and the uncounted people, a page of ids at a time", () => {
  // 30 people each: names "Cook nn" for a third (a narrow search), "Person nn" for the rest;
  // every fourth pending, every fifth suspended.
  const identity = usersOfWorksAndOther(async (db, org) => {
    for (const [organizationId, domain] of [
      [org.works, 'works'],
      [org.other, 'other'],
    ] as const)
      await db.query(
        `INSERT INTO users (email, name, role, organization_id, is_active, suspended_at)
         SELECT 'p' || i || '@' || $2::text || '.example',
                CASE WHEN i % 3 = 0 THEN 'Cook ' ELSE 'Person ' END || lpad(i::text, 2, '0'),
                'operator', $1::int, i % 4 <> 0, CASE WHEN i % 5 = 0 THEN now() END
           FROM generate_series(1, 30) i`,
        [organizationId, domain],
      );
  });
  const { org } = identity;

  /** The selection as a caller assembles it: the first page, then the rest walked. */
  async function walkedSelection(filter: MemberFilter) {
    const answers: number[] = [];
    const found = await identity.users.memberSearch({
      ...filter,
      offset: 0,
      limit: 0,
      selectionLimit: PAGE,
    });
    answers.push(found.selection.userIds.length);
    const ids = [...found.selection.userIds];
    let more = found.selection.more ?? false;
    while (more) {
      const request = { ...filter, afterId: ids.at(-1) ?? 0, limit: PAGE };
      const page =
        found.selection.kind === 'listed'
          ? await identity.users.memberIdPage(request)
          : await identity.users.otherMemberIdPage(request);
      answers.push(page.length);
      ids.push(...page);
      more = page.length === PAGE;
    }
    return { kind: found.selection.kind, ids, answers };
  }

  it.each([
    ['a narrow search (listed)', { search: 'cook', active: true }, 'listed'],
    ['a broad search (excluded)', { search: 'person' }, 'excluded'],
    ['the active people (excluded)', { active: true, suspended: false }, 'excluded'],
  ] as const)('%s: its selection over several pages', async (_, narrowing, kind) => {
    const filter = { organizationId: org.works, ...narrowing };
    const whole = await identity.users.memberSearch({ ...filter, offset: 0, limit: 0 });
    const walked = await walkedSelection(filter);
    expect(walked.kind).toBe(kind);
    expect(whole.selection.kind).toBe(kind);
    expect(walked.ids).toEqual(whole.selection.userIds);
    expect(walked.answers.length).toBeGreaterThan(2);
    expect(Math.max(...walked.answers)).toBeLessThanOrEqual(PAGE);
  });

  it('answers a whole selection in one page with nothing more', async () => {
    const filter = { organizationId: org.works, search: 'cook 03' };
    const found = await identity.users.memberSearch({
      ...filter,
      offset: 0,
      limit: 0,
      selectionLimit: PAGE,
    });
    expect(found.selection).toMatchObject({ kind: 'listed', more: false });
    expect(found.selection.userIds).toHaveLength(1);
  });

  it("walks the organizations' uncounted people a page at a time, as the single answer", async () => {
    const organizationIds = [org.works, org.other];
    const whole = await identity.users.uncountedMemberIds({ organizationIds });
    const walked: number[] = [];
    const answers: number[] = [];
    for (let afterId = 0; ;) {
      const page = await identity.users.uncountedMemberIdPage({
        organizationIds,
        afterId,
        limit: PAGE,
      });
      walked.push(...page);
      answers.push(page.length);
      if (page.length < PAGE) break;
      afterId = page.at(-1)!;
    }
    // Pending (i % 4 = 0) or suspended (i % 5 = 0), each once: 12 of each organization's 30.
    expect(whole).toHaveLength(24);
    expect(walked).toEqual(whole);
    expect(Math.max(...answers)).toBeLessThanOrEqual(PAGE);
  });

  /** The statements `call` sends (text, parameters, rows answered), the repository's own. */
  async function captured(call: () => Promise<unknown>) {
    const spy = vi.spyOn(identity.db, 'query');
    try {
      await call();
      return spy.mock.calls.map(([sql, params], i) => ({
        sql,
        params: Array.isArray(params) ? params : [],
        answered: spy.mock.results[i]?.value as Promise<unknown>,
      }));
    } finally {
      spy.mockRestore();
    }
  }

  /** Each plan node's type and the rows it produced, depth first. */
  function planNodes(node: PlanNode): PlanNode[] {
    return [node, ...(node.Plans ?? []).flatMap(planNodes)];
  }

  async function analyzed(sql: string, params: unknown[]): Promise<PlanNode[]> {
    const [row] = (await identity.db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params)) as {
      'QUERY PLAN': { Plan: PlanNode }[];
    }[];
    return planNodes(row!['QUERY PLAN'][0]!.Plan);
  }

  it("sends a bounded selection's first ids and one more, not every id", async () => {
    const request = { organizationId: org.works, search: 'person', offset: 0, limit: 0 };
    const statements = await captured(() =>
      identity.users.memberSearch({ ...request, selectionLimit: PAGE }),
    );
    expect(statements).toHaveLength(1);
    const [rows] = (await Promise.all(statements.map((s) => s.answered))) as { ids: number[] }[][];
    // 20 "Person" of 30: the 10 others are the selection; PAGE of them and the one telling more.
    expect(rows![0]!.ids).toHaveLength(PAGE + 1);
    const whole = await identity.users.memberSearch(request);
    expect(rows![0]!.ids).toEqual(whole.selection.userIds.slice(0, PAGE + 1));
  });

  it("reads at most a page of each branch's uncounted people, not every one left", async () => {
    const organizationIds = [org.works, org.other];
    const statements = await captured(() =>
      identity.users.uncountedMemberIdPage({ organizationIds, afterId: 0, limit: PAGE }),
    );
    expect(statements).toHaveLength(1);
    const nodes = await analyzed(statements[0]!.sql, statements[0]!.params);
    // The union's input: the two branches' rows, each a page at most (24 ids are left).
    const append = nodes.find((node) => node['Node Type'] === 'Append');
    expect(append?.['Actual Rows']).toBeLessThanOrEqual(2 * PAGE);
  });

  it("finds a role's people by the organization's role index (the supervisors' walk)", async () => {
    const plan = await identity.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      await tx.query('SET LOCAL enable_bitmapscan = off');
      return (await tx.query(
        `EXPLAIN SELECT id FROM users
          WHERE organization_id = $1 AND role = ANY($2::text[]) AND id > 0 ORDER BY id LIMIT 3`,
        [org.works, ['training_supervisor']],
      )) as { 'QUERY PLAN': string }[];
    });
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('users_organization_role_idx');
  });
});
