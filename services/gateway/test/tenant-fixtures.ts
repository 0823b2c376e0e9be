import type { Role } from '@hub/proto';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { ApiSession, type TestStack } from './test-stack.js';

/** The roles of an organization's own members (the super administrator belongs to the platform). */
export const MEMBER_ROLES = ['admin', 'training_supervisor', 'manager', 'operator'] as const;

/**
 * One organization with a member of each role and one resource of each kind the route table's
 * path parameters name, keyed by the route path up to the parameter ('/api/videos/:id').
 */
export interface Tenant {
  organizationId: number;
  domain: string;
  members: Record<(typeof MEMBER_ROLES)[number], { id: number; session: ApiSession }>;
  resources: Map<string, string>;
}

/** An `ftyp` box as MP4 files begin: enough for the upload's magic-byte check. */
const MP4_HEADER = Buffer.from(
  '000000206674797069736f6d0000020069736f6d69736f32617663316d703431',
  'hex',
);

async function created(answer: Promise<{ status: number; body: Record<string, unknown> }>) {
  const { status, body } = await answer;
  if (status >= 300) throw new Error(`fixture not created (${status}): ${JSON.stringify(body)}`);
  return body;
}

async function evaluationOf(admin: ApiSession, documentId: number): Promise<number> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const { body } = await admin.get(`/api/library/documents/${documentId}`);
    if (body.evaluationGenerated) return body.evaluationId as number;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('no evaluation within 120 s');
}

async function members(stack: TestStack, organizationId: number, domain: string) {
  const entries = await Promise.all(
    MEMBER_ROLES.map(async (role: Role) => {
      const email = `${role}@${domain}`;
      const password = `${role}-Pass-1!`;
      const id = await stack.createUser({ email, password, role, organizationId });
      const session = new ApiSession(stack.url);
      await session.login(email, password);
      return [role, { id, session }] as const;
    }),
  );
  return Object.fromEntries(entries) as Tenant['members'];
}

/** A published SOP, an observation of the operator against it and a course made of it. */
async function training(admin: ApiSession, operatorId: number, resources: Map<string, string>) {
  const document = await created(
    admin.upload(
      '/api/library/documents/upload',
      { title: 'Cooling' },
      { field: 'file', name: 'cooling.pdf', data: sopPdf(COOLING_SOP) },
    ),
  );
  const documentId = document.id as number;
  const evaluationId = await evaluationOf(admin, documentId);
  await created(admin.post(`/api/library/documents/${documentId}/evaluation/publish`));
  const observation = await created(
    admin.post('/api/observations/create', { sopDocumentId: documentId, evaluationId, operatorId }),
  );
  const course = await created(
    admin.post('/api/training/courses', {
      title: 'Kitchen basics',
      category: 'Safety',
      duration: '1 hour',
      difficulty: 'Beginner',
      documentIds: [documentId],
    }),
  );
  resources.set('/api/library/documents/:id', String(documentId));
  resources.set('/api/my/sops/:id', String(documentId));
  resources.set('/api/certifications/settings/sops/:id', String(documentId));
  resources.set('/api/quizzes/:id', String(evaluationId));
  resources.set('/api/observations/:id', String(observation.id));
  resources.set('/api/training/courses/:id', String(course.id));
}

async function floorAndSkills(admin: ApiSession, resources: Map<string, string>) {
  const area = await created(admin.post('/api/floor/areas', { name: 'Line 1' }));
  const station = await created(
    admin.post(`/api/floor/areas/${String(area.id)}/stations`, { name: 'Station 1' }),
  );
  const jobFunction = await created(admin.post('/api/job-functions', { name: 'Press setter' }));
  const video = await created(
    admin.upload(
      '/api/videos/upload',
      { title: 'Shift', recordingDate: '2026-11-20T08:00:00.000Z' },
      { field: 'file', name: 'shift.mp4', data: Buffer.concat([MP4_HEADER, Buffer.alloc(64)]) },
    ),
  );
  resources.set('/api/floor/areas/:id', String(area.id));
  resources.set('/api/floor/stations/:id', String(station.id));
  resources.set('/api/job-functions/:id', String(jobFunction.id));
  resources.set('/api/videos/:id', String(video.id));
  resources.set('/api/videos/stream/:key', String(video.s3Key));
}

/**
 * Builds an organization through the API as its administrator would. Needs the document
 * workers running (the SOP is processed and its evaluation generated).
 */
export async function createTenant(stack: TestStack, name: string, domain: string) {
  const organizationId = await stack.createOrganization(name, domain);
  const people = await members(stack, organizationId, domain);
  const pending = await stack.createUser({
    email: `invited@${domain}`,
    role: 'operator',
    organizationId,
    isActive: false,
  });
  const resources = new Map<string, string>([
    ['/api/admin/organizations/:id', String(organizationId)],
    ['/api/admin/users/:id', String(pending)],
    ['/api/team/members/:id', String(people.operator.id)],
    ['/api/users/:userId', String(people.operator.id)],
  ]);
  await training(people.admin.session, people.operator.id, resources);
  await floorAndSkills(people.admin.session, resources);
  const scimToken = await created(people.admin.session.post('/api/scim-tokens', { name: 'Okta' }));
  resources.set('/api/scim-tokens/:id', String((scimToken.token as { id: number }).id));
  return { organizationId, domain, members: people, resources } satisfies Tenant;
}

/** An organization with nobody but its administrator, signed in: a newcomer, or a bystander. */
export async function createBareOrganization(stack: TestStack, name: string, domain: string) {
  const organizationId = await stack.createOrganization(name, domain);
  const email = `admin@${domain}`;
  const password = 'Bare-Admin-Pass-1!';
  await stack.createUser({ email, password, role: 'admin', organizationId });
  const admin = new ApiSession(stack.url);
  await admin.login(email, password);
  return { organizationId, admin };
}
