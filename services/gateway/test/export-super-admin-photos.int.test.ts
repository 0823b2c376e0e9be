import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportManifest } from '@hub/proto';
import { createMember, type Member, signedIn } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';
import { unzip } from './zip-entries.js';

let stack: TestStack;
let root: ApiSession;
let rootUser: { id: number; organization_id: number };
let platformAdmin: Member;
/** The reference photos' storage keys: the super administrator's and the administrator's. */
const photos = { root: '', admin: '' };

async function download(session: ApiSession, query = '') {
  const response = await fetch(`${stack.url}/api/organization-export.zip${query}`, {
    headers: { cookie: session.cookie },
  });
  expect(response.status).toBe(200);
  return unzip(Buffer.from(await response.arrayBuffer()));
}

const records = (entries: Map<string, Buffer>, path: string) =>
  JSON.parse(entries.get(path)!.toString('utf8')) as Record<string, unknown>[];

/** The archive's path of a file stored below the organization. */
const archived = (key: string) => `files/${key.slice(`org/${rootUser.organization_id}/`.length)}`;

/** A reference photo as the video service keeps one: its file, and its enrolment row. */
async function storeReferencePhoto(userId: number): Promise<string> {
  const key = `org/${rootUser.organization_id}/face-references/${randomUUID()}.png`;
  await stack.storage.put(key, Buffer.from(`reference photo of ${userId}`), 'image/png');
  await stack.sql.query(
    `INSERT INTO video.face_enrolments
       (user_id, organization_id, picture_key, embedding, model, source)
     VALUES ($1, $2, $3, '[]', 'test-model', 'reference')`,
    [userId, rootUser.organization_id, key],
  );
  return key;
}

beforeAll(async () => {
  stack = await startTestStack();
  root = await signedIn(stack, SUPER_ADMIN.email, SUPER_ADMIN.password);
  [rootUser] = (
    await stack.sql.query<{ id: number; organization_id: number }>(
      `SELECT id, organization_id FROM users WHERE email = $1`,
      [SUPER_ADMIN.email],
    )
  ).rows as [{ id: number; organization_id: number }];
  // An ordinary member of the platform's organization, the super administrator's own.
  const domain = SUPER_ADMIN.email.split('@')[1]!;
  platformAdmin = await createMember(stack, rootUser.organization_id, domain, 'admin');
  photos.root = await storeReferencePhoto(rootUser.id);
  photos.admin = await storeReferencePhoto(platformAdmin.id);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe("the super administrator's reference photos in an organization's export", () => {
  it.each([
    ["the organization's administrator", () => download(platformAdmin.session)],
    [
      'the super administrator naming it',
      () => download(root, `?organizationId=${rootUser.organization_id}`),
    ],
  ])('are left out, file and row, of the export by %s; a member’s are kept', async (_, get) => {
    const entries = await get();
    const files = [...entries.keys()].filter((name) => name.startsWith('files/'));
    expect(files).toContain(archived(photos.admin));
    expect(files).not.toContain(archived(photos.root));
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as ExportManifest;
    const listed = manifest.files.map((file) => file.path);
    expect(listed).toContain(archived(photos.admin));
    expect(listed).not.toContain(archived(photos.root));
    const faces = records(entries, 'records/video/face-enrolments.json');
    expect(faces.map((face) => [face.user_id, face.picture_key])).toEqual([
      [platformAdmin.id, photos.admin],
    ]);
  });
});
