import { describe, expect, it } from 'vitest';
import type { ScimCall } from '@hub/proto';
import type { Members } from '../team/members.js';
import type { JobFunctionMembersRepository } from './job-function-members.repository.js';
import type {
  ConditionalRemoval,
  JobFunctionRecord,
  JobFunctionsRepository,
} from './job-functions.repository.js';
import { ScimGroupsService } from './scim-groups.service.js';

/**
 * A provider's DELETE of a group, against a repository that answers what its conditional
 * removal did; the database's side (the lock, the SOPs committed meanwhile) is the gateway's
 * SCIM integration test.
 */

const PRESSES: JobFunctionRecord = {
  id: 7,
  name: 'Presses',
  description: 'Set up by the administrators',
  requiredSops: [{ documentId: 3, title: 'Press safety' }],
  memberIds: [21],
  createdAt: new Date('2026-01-05T08:00:00Z'),
  updatedAt: new Date('2026-01-05T08:00:00Z'),
};

function serviceWhose(removal: ConditionalRemoval) {
  const calls: string[] = [];
  const functions = {
    find: (organizationId: number, id: number) =>
      Promise.resolve(organizationId === 1 && id === PRESSES.id ? PRESSES : null),
    removeUnlessRequired: (organizationId: number, id: number) => {
      calls.push(`removeUnlessRequired ${organizationId} ${id}`);
      return Promise.resolve(removal);
    },
    remove: () => {
      calls.push('remove');
      return Promise.resolve(true);
    },
  };
  const service = new ScimGroupsService(
    functions as unknown as JobFunctionsRepository,
    {} as JobFunctionMembersRepository,
    {} as Members,
  );
  return { service, calls };
}

const deletion = (id: string): ScimCall => ({
  caller: { tokenId: 1, tokenName: 'Okta', organizationId: 1 },
  operation: 'delete',
  id,
  query: {},
  body: undefined,
  baseUrl: 'https://hub.test/scim/v2',
});

describe('ScimGroupsService DELETE', () => {
  it('refuses a function with required SOPs with 409, telling what an administrator can do', async () => {
    const { service, calls } = serviceWhose('required');
    const answer = await service.handle(deletion('7'));
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '409',
      detail: expect.stringMatching(/required SOPs.*administrator.*in the product/s) as string,
    });
    expect(answer.body).not.toHaveProperty('scimType');
    expect(calls).toEqual(['removeUnlessRequired 1 7']);
  });

  it('answers 204 when the function was removed, through the conditional removal only', async () => {
    const { service, calls } = serviceWhose('removed');
    expect(await service.handle(deletion('7'))).toEqual({ status: 204, body: null });
    expect(calls).toEqual(['removeUnlessRequired 1 7']);
  });

  it('answers 404 for a function removed meanwhile, or never there', async () => {
    const meanwhile = serviceWhose('missing');
    expect((await meanwhile.service.handle(deletion('7'))).status).toBe(404);
    const never = serviceWhose('removed');
    expect((await never.service.handle(deletion('8'))).status).toBe(404);
    expect((await never.service.handle(deletion('x'))).status).toBe(404);
    expect(never.calls).toEqual([]);
  });
});
