import { describe, expect, it, vi } from 'vitest';
import type { Actor } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import type { Member, Members } from '../team/members.js';
import type { JobFunctionRecord, JobFunctionsRepository } from './job-functions.repository.js';
import { JobFunctionsService } from './job-functions.service.js';

const ORG = 3;
const actor: Actor = { userId: 1, organizationId: ORG, role: 'admin' };
const person = (id: number): Member => ({
  id,
  name: `Person ${id}`,
  email: `p${id}@example.test`,
  role: 'operator',
  isActive: true,
  suspended: false,
  profilePicture: null,
});

/** Identity knows people 1 to 2,500; the functions hold 2,001 of them and one it does not. */
function setUp() {
  const holders = [...Array.from({ length: 2001 }, (_, index) => index + 10), 9999];
  const record: JobFunctionRecord = {
    id: 7,
    name: 'Cook',
    description: '',
    requiredSops: [{ documentId: 4, title: 'Cooling' }],
    memberIds: holders,
  };
  const repository = {
    list: vi.fn(async () => [record]),
    find: vi.fn(async () => record),
    setMembers: vi.fn(async () => true),
    certifiedPairs: vi.fn(async () => new Set(['10:4'])),
  };
  const members = {
    all: vi.fn(async () => Array.from({ length: 2500 }, (_, index) => person(index + 1))),
    some: vi.fn(async (_organizationId: number, ids: number[]) =>
      ids.filter((id) => id <= 2500).map(person),
    ),
  };
  const service = new JobFunctionsService(
    repository as unknown as JobFunctionsRepository,
    members as unknown as Members,
    {} as RpcClient,
  );
  return { service, members, holders };
}

describe('job functions ask identity only for the people they hold', () => {
  it('lists holders by id, 1,000 a call, not the whole organization', async () => {
    const { service, members } = setUp();
    const { jobFunctions } = await service.list(actor);
    expect(members.all).not.toHaveBeenCalled();
    expect(members.some.mock.calls.map(([, ids]) => ids.length)).toEqual([1000, 1000, 2]);
    expect(members.some.mock.calls.every(([organizationId]) => organizationId === ORG)).toBe(true);
    // The one identity does not know is left out.
    expect(jobFunctions[0]!.members).toHaveLength(2001);
    expect(jobFunctions[0]!.members.find((one) => one.userId === 10)?.certified).toBe(1);
  });

  it('checks the members set are people of the organization by their ids', async () => {
    const { service, members } = setUp();
    await expect(service.setMembers(actor, 7, [10, 11, 9999])).rejects.toThrow();
    expect(members.some).toHaveBeenCalledWith(ORG, [10, 11, 9999]);
    members.some.mockClear();
    await service.setMembers(actor, 7, [10, 11, 11]);
    expect(members.all).not.toHaveBeenCalled();
    expect(members.some.mock.calls[0]).toEqual([ORG, [10, 11]]);
  });
});
