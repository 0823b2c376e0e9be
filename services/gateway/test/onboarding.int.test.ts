import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationOnboarding } from '@hub/proto';
import { createBareOrganization, createTenant, type Tenant } from './tenant-fixtures.js';
import { ApiSession, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';
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
  root = new ApiSession(stack.url);
  await root.login(SUPER_ADMIN.email, SUPER_ADMIN.password);
}, 180_000);

afterAll(async () => {
  await workers?.close();
  await stack?.stop();
});

describe("an organization's onboarding checklist", () => {
  it('of a new organization: only the administrator has signed in', async () => {
    const { status, body } = await newcomer.get('/api/onboarding');
    expect(status).toBe(200);
    const checklist = body as unknown as OrganizationOnboarding;
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
    const before = (await admin.get('/api/onboarding')).body as unknown as OrganizationOnboarding;
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
    const after = (await admin.get('/api/onboarding')).body as unknown as OrganizationOnboarding;
    expect(stepsDone(after)['first-observation']).toBe(true);
  });

  it("is the super administrator's for any organization, never another administrator's", async () => {
    const asRoot = await root.get(`/api/onboarding?organizationId=${tenant.organizationId}`);
    expect(asRoot.status).toBe(200);
    expect(asRoot.body.organizationName).toBe('Acme Foods');
    expect((await root.get('/api/onboarding?organizationId=999999')).status).toBe(404);
    const foreign = await newcomer.get(`/api/onboarding?organizationId=${tenant.organizationId}`);
    expect(foreign.status).toBe(403);
    expect(JSON.stringify(foreign.body)).not.toContain('Acme');
    for (const role of ['training_supervisor', 'manager', 'operator'] as const) {
      expect((await tenant.members[role].session.get('/api/onboarding')).status).toBe(403);
    }
  });
});
