import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataSource } from 'typeorm';
import type { ScimCall } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import { claimTemplateResources, type TestResources } from '@hub/testing';
import { OBSERVATION_TEMPLATE } from '../test-support/observation-database-template.js';
import { countingIdentity } from '@hub/testing/identity';
import { openObservationDatabase } from '../database.js';
import { Members } from '../team/members.js';
import { JobFunctionMembersRepository } from './job-function-members.repository.js';
import { JobFunctionsRepository } from './job-functions.repository.js';
import { ScimGroupsService } from './scim-groups.service.js';

const ACME = 71;
/** Acme's people; the groups hold some of them. */
const PEOPLE = 100_000;
/** The Presses group's holders: more than one batch of people. */
const PRESSES = 1_500;
const OUTSIDER = PEOPLE + 1;
/** Holds Ovens and no other group. */
const OVENS_ONLY = PRESSES + 8;
/** A person the database refuses as a holder while a test's trigger is in place. */
const REFUSED = PEOPLE - 2;

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

interface ListBody {
  totalResults: number;
  Resources: { id: string; displayName: string; members?: { value: string; display?: string }[] }[];
}

/** A provider's SCIM groups of a 100,000-person organization ask identity about their holders. */
describe('SCIM groups of a large organization', () => {
  let resources: TestResources;
  let db: DataSource;
  let service: ScimGroupsService;
  const { rpc, asked, everyoneAsked } = countingIdentity({ people: PEOPLE });

  const call = (call: Partial<ScimCall> & Pick<ScimCall, 'operation'>): Promise<ScimCall> =>
    Promise.resolve({
      caller: { tokenId: 1, tokenName: 'Okta', organizationId: ACME },
      query: {},
      body: undefined,
      baseUrl: 'https://hub.test/scim/v2',
      ...call,
    });
  const group = (displayName: string, ids: number[]) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
    displayName,
    members: ids.map((id) => ({ value: String(id) })),
  });
  const patch = (...Operations: object[]) => ({
    schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    Operations,
  });
  /** The id of the group of this name. */
  const idOf = async (displayName: string) => {
    const listed = await service.handle(
      await call({
        operation: 'list',
        query: { filter: `displayName eq "${displayName}"`, excludedAttributes: 'members' },
      }),
    );
    return (listed.body as ListBody).Resources[0]!.id;
  };

  /**
   * Runs `changes` while the database refuses REFUSED as a holder, as a failure between a rename
   * and the members would.
   */
  const refusingHolder = async (changes: () => Promise<void>) => {
    await db.query(`CREATE FUNCTION refuse_holder() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.user_id = ${REFUSED} THEN RAISE EXCEPTION 'refused holder'; END IF;
      RETURN NEW; END $$`);
    await db.query(`CREATE TRIGGER refuse_holder BEFORE INSERT ON job_function_members
      FOR EACH ROW EXECUTE FUNCTION refuse_holder()`);
    try {
      await changes();
    } finally {
      await db.query(`DROP TRIGGER refuse_holder ON job_function_members`);
      await db.query(`DROP FUNCTION refuse_holder()`);
    }
  };

  beforeAll(async () => {
    resources = await claimTemplateResources(OBSERVATION_TEMPLATE);
    db = await openObservationDatabase(resources.databaseUrl);
    service = new ScimGroupsService(
      new JobFunctionsRepository(db),
      new JobFunctionMembersRepository(db),
      new Members(rpc as unknown as RpcClient),
    );
  });

  beforeEach(() => {
    asked.length = 0;
  });

  afterAll(async () => {
    await db?.destroy();
    await resources?.release();
  });

  it("checks and names a new group's holders by id, a batch at a time", async () => {
    const created = await service.handle(
      await call({ operation: 'create', body: group('Presses', range(1, PRESSES)) }),
    );
    expect(created.status).toBe(201);
    expect((created.body as { members: unknown[] }).members).toHaveLength(PRESSES);
    // Checked, then named: each holder asked twice, nobody else.
    const holders = range(1, PRESSES);
    expect(everyoneAsked()).toEqual(holders.flatMap((id) => [id, id]));
    expect(
      (
        await service.handle(
          await call({ operation: 'create', body: group('Ovens', [7, OVENS_ONLY]) }),
        )
      ).status,
    ).toBe(201);
  });

  it('refuses a holder who is not a person of the organization', async () => {
    const refused = await service.handle(
      await call({ operation: 'create', body: group('Knives', [9, OUTSIDER]) }),
    );
    expect(refused.status).toBe(400);
    expect(everyoneAsked()).toEqual([9, OUTSIDER]);
    const unreadable = await service.handle(
      await call({
        operation: 'create',
        body: { ...group('Knives', []), members: [{ value: 'x' }] },
      }),
    );
    expect(unreadable.status).toBe(400);
  });

  it("names only the listed page's holders, and none when members are left out", async () => {
    const ovens = await service.handle(
      await call({ operation: 'list', query: { filter: 'displayName eq "Ovens"' } }),
    );
    const body = ovens.body as ListBody;
    expect(body.totalResults).toBe(1);
    expect(body.Resources[0]!.members!.map((one) => one.display)).toEqual(['P7', `P${OVENS_ONLY}`]);
    expect(everyoneAsked()).toEqual([7, OVENS_ONLY]);

    asked.length = 0;
    const bare = await service.handle(
      await call({ operation: 'list', query: { excludedAttributes: 'members' } }),
    );
    expect((bare.body as ListBody).Resources.map((one) => one.displayName).sort()).toEqual([
      'Ovens',
      'Presses',
    ]);
    expect((bare.body as ListBody).Resources.every((one) => one.members === undefined)).toBe(true);
    expect(asked).toEqual([]);
  });

  it('matches a filter on members against the holders', async () => {
    const holding = await service.handle(
      await call({ operation: 'list', query: { filter: `members[value eq "${OVENS_ONLY}"]` } }),
    );
    expect((holding.body as ListBody).Resources.map((one) => one.displayName)).toEqual(['Ovens']);
    // Every group's holders, each once.
    expect(everyoneAsked()).toEqual([...range(1, PRESSES), OVENS_ONLY]);
  });

  it('adds and removes only the members a PATCH names, asking identity about the added alone', async () => {
    const listed = await service.handle(
      await call({
        operation: 'list',
        query: { filter: 'displayName eq "Presses"', excludedAttributes: 'members' },
      }),
    );
    const id = (listed.body as ListBody).Resources[0]!.id;
    const newcomer = PEOPLE - 1;
    const patched = (body: object, query: Record<string, string> = {}) =>
      call({ operation: 'patch', id, body, query }).then((one) => service.handle(one));

    asked.length = 0;
    // Okta's push: one member added to a group of 1,500.
    const added = await patched(
      patch({ op: 'add', path: 'members', value: [{ value: String(newcomer), display: 'P' }] }),
    );
    expect(everyoneAsked()).toEqual([newcomer]);
    // RFC 7644 3.5.2: no resource asked for, none sent (Okta and Entra ID take 204).
    expect(added).toEqual({ status: 204, body: null });

    // Entra ID's removal by value list and Okta's by filter: identity is not asked at all.
    asked.length = 0;
    const removed = await patched(
      patch(
        { op: 'Remove', path: 'members', value: [{ value: '1' }] },
        { op: 'remove', path: 'members[value eq "2"]' },
      ),
    );
    expect(removed.status).toBe(204);
    expect(asked).toEqual([]);

    // A rename answered without members when the provider excludes them.
    const renamed = await patched(
      patch({ op: 'Replace', path: 'displayName', value: 'Press line' }),
      {
        excludedAttributes: 'members',
      },
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id, displayName: 'Press line' });
    expect((renamed.body as { members?: unknown }).members).toBeUndefined();
    expect(asked).toEqual([]);

    // Someone outside the organization is refused, asked about alone, and nothing changes.
    const refused = await patched(
      patch(
        { op: 'Replace', path: 'displayName', value: 'Presses' },
        { op: 'Add', path: 'members', value: [{ value: String(OUTSIDER) }] },
      ),
    );
    expect(refused.status).toBe(400);
    expect(everyoneAsked()).toEqual([OUTSIDER]);

    const [heading] = await new JobFunctionsRepository(db).headings(ACME, Number(id));
    expect(heading).toMatchObject({ name: 'Press line', memberCount: PRESSES + 1 - 2 });
  });

  it("lists groups without members from their names alone, no group's holders read", async () => {
    const holdersRead = vi.spyOn(JobFunctionsRepository.prototype, 'list');
    try {
      const bare = await service.handle(
        await call({
          operation: 'list',
          query: { filter: 'displayName sw "Press"', excludedAttributes: 'members' },
        }),
      );
      expect((bare.body as ListBody).Resources.map((one) => one.displayName)).toEqual([
        'Press line',
      ]);
      expect(holdersRead).not.toHaveBeenCalled();
    } finally {
      holdersRead.mockRestore();
    }
  });

  it('reads a member value as a user id only when it is plain digits', async () => {
    // Number() would read these as 16, 12, 1,000, 12, 7 and a person; 2^31 is no user id.
    for (const value of ['0x10', ' 12', '1e3', '12.0', '+7', '2147483648', '012']) {
      const body = { ...group(`Scales ${value}`, []), members: [{ value }] };
      const created = await service.handle(await call({ operation: 'create', body }));
      expect(created.status, value).toBe(400);
    }
    expect(asked).toEqual([]);

    const id = await idOf('Press line');
    const patched = (body: object) =>
      call({ operation: 'patch', id, body }).then((one) => service.handle(one));
    expect(
      (await patched(patch({ op: 'add', path: 'members', value: [{ value: '0x10' }] }))).status,
    ).toBe(400);
    // "0x10" is no holder's id: nothing is removed, person 16 holds the group still.
    await patched(patch({ op: 'remove', path: 'members', value: [{ value: '0x10' }] }));
    const holders = await new JobFunctionMembersRepository(db).holders([Number(id)], 10, 15);
    expect(holders.get(Number(id))!.slice(0, 1)).toEqual([16]);
  });

  it('leaves the name as it was when the member changes of a rename fail', async () => {
    const id = await idOf('Press line');
    await refusingHolder(async () => {
      const renamed = (Operations: object[]) =>
        call({ operation: 'patch', id, body: patch(...Operations) })
          .then((one) => service.handle(one))
          .catch(() => ({ status: 500 }));
      // Okta's push: a rename with an added member.
      const pushed = await renamed([
        { op: 'Replace', path: 'displayName', value: 'Renamed' },
        { op: 'Add', path: 'members', value: [{ value: String(REFUSED) }] },
      ]);
      expect(pushed.status).not.toBeLessThan(400);
      expect((await new JobFunctionsRepository(db).named(ACME, Number(id)))!.name).toBe(
        'Press line',
      );
      // A replace of the list with a rename: the group as read, the operations applied.
      const replaced = await renamed([
        { op: 'Replace', path: 'displayName', value: 'Renamed' },
        { op: 'Replace', path: 'members', value: [{ value: '3' }, { value: String(REFUSED) }] },
      ]);
      expect(replaced.status).not.toBeLessThan(400);
      const [heading] = await new JobFunctionsRepository(db).headings(ACME, Number(id));
      expect(heading).toMatchObject({ name: 'Press line', memberCount: PRESSES + 1 - 2 });
    });
  });

  it('leaves the name as it was when the members of a renaming PUT fail', async () => {
    const id = await idOf('Press line');
    await refusingHolder(async () => {
      const put = await call({
        operation: 'replace',
        id,
        body: group('Renamed', [3, REFUSED]),
      })
        .then((one) => service.handle(one))
        .catch(() => ({ status: 500 }));
      expect(put.status).not.toBeLessThan(400);
      const [heading] = await new JobFunctionsRepository(db).headings(ACME, Number(id));
      expect(heading).toMatchObject({ name: 'Press line', memberCount: PRESSES + 1 - 2 });
    });
  });
});
