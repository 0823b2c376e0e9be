import { api, type Role, type RouteContract } from '@hub/proto';
import { retryAfterSeconds } from '../../../infra/containers/retry.ts';
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
  members: Record<MemberRole, Member>;
  resources: Map<string, string>;
}

/** An `ftyp` box as MP4 files begin: enough for the upload's magic-byte check. */
const MP4_HEADER = Buffer.from(
  '000000206674797069736f6d0000020069736f6d69736f32617663316d703431',
  'hex',
);

/** A route's path up to its parameter `:name`, as the resources are keyed ('/api/users/:userId'). */
function upToParameter(route: RouteContract, name: string) {
  return route.path.slice(0, route.path.indexOf(`:${name}`) + name.length + 1);
}

async function evaluationOf(admin: ApiSession, documentId: number): Promise<number> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const document = await admin.call(api.document, { params: { id: documentId } });
    if (document.evaluationGenerated && document.evaluationId) return document.evaluationId;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('no evaluation within 120 s');
}

/** A signed-in member of a test organization, with what signed them in. */
export interface Member {
  id: number;
  email: string;
  password: string;
  session: ApiSession;
}

export type MemberRole = (typeof MEMBER_ROLES)[number];

/** Sign-in attempts of a fixture, the first included, when the product asks to retry. */
const SIGN_IN_ATTEMPTS = 4;

/**
 * A session signed in as this person; throws when the sign-in is refused. A 503 with Retry-After
 * (a database connection that timed out on a loaded machine) is asked again after that wait, as
 * a real client does: the product was right to answer so, and the suite is not about it.
 */
export async function signedIn(stack: TestStack, email: string, password: string) {
  const session = new ApiSession(stack.url);
  for (let attempt = 1; ; attempt += 1) {
    const { status, headers } = await session.login(email, password);
    if (status === 200) return session;
    const wait = status === 503 ? retryAfterSeconds(headers.get('retry-after')) : null;
    if (wait === null || attempt >= SIGN_IN_ATTEMPTS) {
      throw new Error(`${email} could not sign in (${status})`);
    }
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
}

/** A person to make: the email's local part (their key), name, role and organization. */
export type NamedPerson<K extends string> = readonly [
  key: K,
  name: string,
  role: Role,
  organizationId: number,
];

/**
 * People of the names and roles given, made in the database one after another with one password,
 * their email `key@` their organization's domain (`domainOf`). Returns their ids by key.
 */
export async function createNamedPeople<K extends string>(
  stack: TestStack,
  people: readonly NamedPerson<K>[],
  password: string,
  domainOf: (organizationId: number) => string,
): Promise<Record<K, number>> {
  const ids: Partial<Record<K, number>> = {};
  for (const [key, name, role, organizationId] of people) {
    const email = `${key}@${domainOf(organizationId)}`;
    ids[key] = await stack.createUser({ email, name, role, organizationId, password });
  }
  return ids as Record<K, number>;
}

/** `role@domain` with a password of its own, made in the database and signed in. */
export async function createMember(
  stack: TestStack,
  organizationId: number,
  domain: string,
  role: Role,
  local: string = role,
): Promise<Member> {
  const email = `${local}@${domain}`;
  const password = `${local}-Pass-1!`;
  const id = await stack.createUser({ email, password, role, organizationId });
  return { id, email, password, session: await signedIn(stack, email, password) };
}

/**
 * The shared fixture of the integration tests: an organization with one signed-in member of
 * each role asked for (every member role unless told), and no other data. Cheap: no workers.
 */
export async function createOrganizationWithMembers<
  const R extends readonly MemberRole[] = typeof MEMBER_ROLES,
>(stack: TestStack, name: string, domain: string, roles: R = MEMBER_ROLES as unknown as R) {
  const organizationId = await stack.createOrganization(name, domain);
  const entries = await Promise.all(
    roles.map(async (role) => [role, await createMember(stack, organizationId, domain, role)]),
  );
  const members = Object.fromEntries(entries) as Record<R[number], Member>;
  return { organizationId, domain, members };
}

/** A published SOP, an observation of the operator against it and a course made of it. */
async function training(admin: ApiSession, operatorId: number, resources: Map<string, string>) {
  const document = await admin.uploadTo(
    api.uploadDocument,
    { title: 'Cooling' },
    { name: 'cooling.pdf', data: sopPdf(COOLING_SOP) },
  );
  const documentId = document.id;
  const evaluationId = await evaluationOf(admin, documentId);
  await admin.call(api.publishEvaluation, { params: { id: documentId } });
  const observation = await admin.call(api.createObservation, {
    body: { sopDocumentId: documentId, evaluationId, operatorId },
  });
  const course = await admin.call(api.createCourse, {
    body: {
      title: 'Kitchen basics',
      category: 'Safety',
      duration: '1 hour',
      difficulty: 'Beginner',
      documentIds: [documentId],
    },
  });
  resources.set(api.document.path, String(documentId));
  resources.set(api.mySop.path, String(documentId));
  resources.set(api.saveSopValidity.path, String(documentId));
  resources.set(api.quiz.path, String(evaluationId));
  resources.set(api.observation.path, String(observation.id));
  resources.set(api.updateCourse.path, String(course.id));
}

async function floorAndSkills(admin: ApiSession, resources: Map<string, string>) {
  const area = await admin.call(api.createArea, { body: { name: 'Line 1' } });
  const station = await admin.call(api.createStation, {
    params: { id: area.id },
    body: { name: 'Station 1' },
  });
  const jobFunction = await admin.call(api.createJobFunction, { body: { name: 'Press setter' } });
  const video = await admin.uploadTo(
    api.uploadVideo,
    { title: 'Shift', recordingDate: '2026-11-20T08:00:00.000Z' },
    { name: 'shift.mp4', data: Buffer.concat([MP4_HEADER, Buffer.alloc(64)]) },
  );
  resources.set(api.updateArea.path, String(area.id));
  resources.set(api.updateStation.path, String(station.id));
  resources.set(api.updateJobFunction.path, String(jobFunction.id));
  resources.set(api.video.path, String(video.id));
  resources.set(api.videoStream.path, String(video.s3Key));
}

/**
 * Builds an organization through the API as its administrator would. Needs the document
 * workers running (the SOP is processed and its evaluation generated).
 */
export async function createTenant(stack: TestStack, name: string, domain: string) {
  const { organizationId, members } = await createOrganizationWithMembers(stack, name, domain);
  const pending = await stack.createUser({
    email: `invited@${domain}`,
    role: 'operator',
    organizationId,
    isActive: false,
  });
  const resources = new Map<string, string>([
    [api.deleteOrganization.path, String(organizationId)],
    [api.deleteUser.path, String(pending)],
    [api.teamMember.path, String(members.operator.id)],
    [upToParameter(api.profilePicture, 'userId'), String(members.operator.id)],
  ]);
  await training(members.admin.session, members.operator.id, resources);
  await floorAndSkills(members.admin.session, resources);
  const scimToken = await members.admin.session.call(api.createScimToken, {
    body: { name: 'Okta' },
  });
  resources.set(api.revokeScimToken.path, String(scimToken.token.id));
  return { organizationId, domain, members, resources } satisfies Tenant;
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
