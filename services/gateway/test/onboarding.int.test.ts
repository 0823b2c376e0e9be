import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type OrganizationOnboarding } from '@hub/proto';
import { expectError } from './api-client.js';
import { createBareOrganization, createTenant, type Tenant, signedIn } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';
import { type RunningWorkers, startDocumentWorkers } from './test-workers.js';

let stack: TestStack;
let workers: RunningWorkers;
let tenant: Tenant;
let newcomer: ApiSession;
let root: ApiSession;

const stepsDone = (checklist: OrganizationOnboarding) =>
  Object.fromEntries(checklist.steps.map((step) => [step.key, step.done]));

beforeAll(async () => {
  stack = await startTestStack();
  workers = startDocumentWorkers(stack);
  tenant = await createTenant(stack, 'Acme Foods', 'acme.test');
  ({ admin: newcomer } = await createBareOrganization(stack, 'Newcomer Plant', 'newcomer.test'));
  root = await signedIn(stack, SUPER_ADMIN.email, SUPER_ADMIN.password);
}, 180_000);

afterAll(async () => {
  await workers?.close();
  await stack?.stop();
});

describe("an organization's onboarding checklist", () => {
  it('of a new organization: only the administrator has signed in', async () => {
    const checklist = await newcomer.call(api.organizationOnboarding);
    expect(checklist.organizationName).toBe('Newcomer Plant');
    expect(stepsDone(checklist)).toEqual({
      people: false,
      'sign-in': true,
      'first-sop': false,
      'first-evaluation': false,
      'first-observation': false,
      'camera-system': false,
    });
    expect(checklist.done).toBe(1);
    expect(checklist.steps.find((step) => step.key === 'people')?.href).toBeTruthy();
  });

  it('follows the records: people, a processed SOP, a published evaluation, a completed observation', async () => {
    const admin = tenant.members.admin.session;
    const before = await admin.call(api.organizationOnboarding);
    expect(stepsDone(before)).toMatchObject({
      people: true,
      'first-sop': true,
      'first-evaluation': true,
      'first-observation': false,
    });
    expect(before.steps.find((step) => step.key === 'people')?.detail).toBe(
      '4 members besides administrators, 1 invitation not yet accepted',
    );
    await stack.sql.query(
      `UPDATE observation.observations SET status = 'completed', score = 100
        WHERE organization_id = $1`,
      [tenant.organizationId],
    );
    const after = await admin.call(api.organizationOnboarding);
    expect(stepsDone(after)['first-observation']).toBe(true);
  });

  it("is the super administrator's for any organization, never another administrator's", async () => {
    const ofAcme = { query: { organizationId: tenant.organizationId } };
    const asRoot = await root.call(api.organizationOnboarding, ofAcme);
    expect(asRoot.organizationName).toBe('Acme Foods');
    const unknown = { query: { organizationId: 999999 } };
    await expectError(root.call(api.organizationOnboarding, unknown), 404);
    const foreign = await expectError(newcomer.call(api.organizationOnboarding, ofAcme), 403);
    expect(JSON.stringify(foreign)).not.toContain('Acme');
    for (const role of ['training_supervisor', 'manager', 'operator'] as const) {
      await expectError(tenant.members[role].session.call(api.organizationOnboarding), 403);
    }
  });
});
