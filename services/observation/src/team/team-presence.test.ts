import { describe, expect, it } from 'vitest';
import { type Actor, identityRpc, integrationRpc, type RpcContract } from '@hub/proto';
import type { RpcClient } from '@hub/kit';
import type { Member, Members } from './members.js';
import type { TeamRepository } from './team.repository.js';
import { TeamService } from './team.service.js';

const actor: Actor = { userId: 1, organizationId: 4, role: 'manager' };
const person = (id: number, suspended = false): Member => ({
  id,
  name: `Person ${id}`,
  email: `p${id}@example.test`,
  role: 'operator',
  isActive: true,
  suspended,
  profilePicture: null,
});

/** Identity and integration as Team Overview asks them, each call recorded. */
function services(dayStart: string) {
  const calls: { pattern: string; request: unknown }[] = [];
  const answers = new Map<string, unknown>([
    [identityRpc.signedInToday.pattern, []],
    [identityRpc.organizationDayStart.pattern, { since: dayStart }],
    // A camera saw 2 (present) and 3 (suspended) today.
    [integrationRpc.seenToday.pattern, [2, 3]],
  ]);
  const rpc = {
    call: (contract: RpcContract, request: unknown) => {
      calls.push({ pattern: contract.pattern, request });
      return Promise.resolve(answers.get(contract.pattern));
    },
  } as unknown as RpcClient;
  const members = {
    page: () => Promise.resolve({ members: [person(2), person(3, true), person(5)], total: 3 }),
  } as unknown as Members;
  const repository = { performance: () => Promise.resolve(new Map()) } as unknown as TeamRepository;
  const team = new TeamService(
    {} as never,
    rpc,
    members,
    repository,
    {} as never,
    {} as never,
    {} as never,
  );
  return { team, calls };
}

describe("Team Overview's present today", () => {
  it("asks the camera presence since the organization's day start, as identity answers it", async () => {
    const auckland = '2026-06-14T12:00:00.000Z';
    const { team, calls } = services(auckland);
    await team.list(actor, { page: 1, pageSize: 20 });
    const seen = calls.find((call) => call.pattern === integrationRpc.seenToday.pattern);
    expect(seen?.request).toMatchObject({ since: auckland, userIds: [2, 3, 5] });
  });

  it('flags the people seen today, never someone suspended', async () => {
    const { team } = services('2026-06-15T00:00:00.000Z');
    const page = await team.list(actor, { page: 1, pageSize: 20 });
    expect(page.members.map((member) => [member.id, member.presentToday])).toEqual([
      [2, true],
      [3, false],
      [5, false],
    ]);
  });
});
