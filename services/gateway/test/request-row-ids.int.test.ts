import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, MAX_ROW_ID } from '@hub/proto';
import { expectError } from './api-client.js';
import { createOrganizationWithMembers } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, type TestStack } from './test-stack.js';

/** Ids a body or a query names past what the `integer` id columns hold: refused, never a 500. */
let stack: TestStack;
let ann: ApiSession;

/** One past PostgreSQL's largest integer (ids are `integer` columns). */
const TOO_BIG = MAX_ROW_ID + 1;

beforeAll(async () => {
  stack = await startTestStack();
  const acme = await createOrganizationWithMembers(stack, 'Acme Foods', 'acme.test', ['admin']);
  ann = acme.members.admin.session;
});

afterAll(async () => {
  await stack?.stop();
});

/** The 400 the gateway answers for any field past its maximum, naming the field and the limit. */
const tooBig = (field: string) => ({
  field,
  code: 'invalid_field',
  params: { rule: 'too_big', field, maximum: MAX_ROW_ID },
});

describe('row ids in bodies and queries out of range', () => {
  it('answers 400 for a body id in a list no row can have, as for any field too big', async () => {
    const body = { userIds: [1, TOO_BIG] };
    const refusal = await expectError(
      ann.call(api.setJobFunctionMembers, { params: { id: 1 }, body }),
      400,
    );
    expect(refusal).toMatchObject(tooBig('userIds.1'));
  });

  it('answers 400 for a query filter id no row can have, as for any field too big', async () => {
    const query = { documentId: TOO_BIG };
    const refusal = await expectError(ann.call(api.insightsObservations, { query }), 400);
    expect(refusal).toMatchObject(tooBig('documentId'));
  });
});
