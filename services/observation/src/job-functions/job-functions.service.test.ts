import { describe, expect, it, vi } from 'vitest';
import { type Actor, JOB_FUNCTION_MEMBERS_PAGE } from '@hub/proto';
import { encodeCursor, type RpcClient } from '@hub/kit';
import type { Member, Members } from '../team/members.js';
import type { JobFunctionMembersRepository } from './job-function-members.repository.js';
import type { JobFunctionHeading, JobFunctionsRepository } from './job-functions.repository.js';
import { JobFunctionsService } from './job-functions.service.js';

const ORG = 3;
const actor: Actor = { userId: 1, organizationId: ORG, role: 'admin' };
/** The first `n` holders, by id. */
const firstHolders = (n: number) => Array.from({ length: n }, (_, index) => index + 10);
const person = (id: number): Member => ({
  id,
  name: `Person ${id}`,
  email: `p${id}@example.test`,
  role: 'operator',
  isActive: true,
  suspended: false,
  profilePicture: null,
});

/** Identity knows people 1 to 2,500; the function holds 2,001 of them and one it does not. */
function setUp() {
  const holders = [...firstHolders(2001), 9999];
  const heading: JobFunctionHeading = {
    id: 7,
    name: 'Cook',
    description: '',
    requiredSops: [{ documentId: 4, title: 'Cooling' }],
    memberCount: holders.length,
  };
  const repository = {
    headings: vi.fn(async () => [heading]),
    coverage: vi.fn(async () => new Map([[7, 0.1]])),
    certifiedPairs: vi.fn(async () => new Set(['10:4'])),
  };
  const memberships = {
    holders: vi.fn(async (_ids: number[], limit: number, after: number | null = null) => {
      const rest = holders.filter((id) => after === null || id > after);
      return new Map([[7, rest.slice(0, limit)]]);
    }),
    setMembers: vi.fn(async () => true),
  };
  const members = {
    byIds: vi.fn(async (_organizationId: number, ids: number[]) =>
      ids.filter((id) => id <= 2500).map(person),
    ),
    ids: vi.fn(async () => []),
  };
  const service = new JobFunctionsService(
    repository as unknown as JobFunctionsRepository,
    memberships as unknown as JobFunctionMembersRepository,
    members as unknown as Members,
    {} as RpcClient,
  );
  return { service, members, holders };
}

describe('job functions ask identity only for the people they hold', () => {
  it("lists the first page's holders by id, not the function's thousands or the organization", async () => {
    const { service, members } = setUp();
    const { jobFunctions } = await service.list(actor);
    expect(members.byIds.mock.calls).toEqual([[ORG, firstHolders(JOB_FUNCTION_MEMBERS_PAGE)]]);
    expect(jobFunctions[0]).toMatchObject({ memberCount: 2002, coverage: 0.1 });
    expect(jobFunctions[0]!.members).toHaveLength(JOB_FUNCTION_MEMBERS_PAGE);
    expect(jobFunctions[0]!.membersCursor).not.toBeNull();
    expect(jobFunctions[0]!.members.find((one) => one.userId === 10)?.certified).toBe(1);
  });

  it('leaves out a holder identity does not know', async () => {
    const { service } = setUp();
    const page = await service.memberPage(
      actor,
      7,
      { cursor: encodeCursor(['2009']), limit: 10 },
      undefined,
    );
    // 9999, the last holder, is not a person identity knows.
    expect(page.members.map((member) => member.userId)).toEqual([2010]);
    expect(page).toMatchObject({ totalCount: 2002, nextCursor: null });
  });

  it('checks the members set are people of the organization by their ids', async () => {
    const { service, members } = setUp();
    await expect(service.setMembers(actor, 7, [10, 11, 9999])).rejects.toThrow();
    expect(members.byIds).toHaveBeenCalledWith(ORG, [10, 11, 9999]);
    members.byIds.mockClear();
    await service.setMembers(actor, 7, [10, 11, 11]);
    expect(members.byIds.mock.calls[0]).toEqual([ORG, [10, 11]]);
  });
});
