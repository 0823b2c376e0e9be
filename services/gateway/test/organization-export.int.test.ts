import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { ExportManifest } from '@hub/proto';
import { createBareOrganization, createTenant, type Tenant, signedIn } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';
import { type RunningWorkers, startDocumentWorkers } from './test-workers.js';

let stack: TestStack;
let workers: RunningWorkers;
let acme: Tenant;
let otherAdmin: ApiSession;
let root: ApiSession;

/** Every entry of a zip, by name. */
function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function download(session: ApiSession, query = '') {
  const response = await fetch(`${stack.url}/api/organization-export.zip${query}`, {
    headers: { cookie: session.cookie },
  });
  return { response, data: Buffer.from(await response.arrayBuffer()) };
}

const records = (entries: Map<string, Buffer>, path: string) =>
  JSON.parse(entries.get(path)!.toString('utf8')) as Record<string, unknown>[];

beforeAll(async () => {
  stack = await startTestStack();
  workers = startDocumentWorkers(stack);
  acme = await createTenant(stack, 'Acme Foods', 'acme.test');
  await stack.createUser({
    email: 'formula@acme.test',
    name: '=HYPERLINK("http://evil.test")',
    role: 'operator',
    organizationId: acme.organizationId,
  });
  ({ admin: otherAdmin } = await createBareOrganization(stack, 'Globex Plant', 'globex.test'));
  root = await signedIn(stack, SUPER_ADMIN.email, SUPER_ADMIN.password);
}, 180_000);

afterAll(async () => {
  await workers?.close();
  await stack?.stop();
});

describe("an organization's export", () => {
  it('holds every kind of record and every file, with a manifest that checks them', async () => {
    const { response, data } = await download(acme.members.admin.session);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const entries = await unzip(data);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString()) as ExportManifest;
    expect(manifest.organization).toEqual({ id: acme.organizationId, name: 'Acme Foods' });

    const members = records(entries, 'records/identity/members.json');
    expect(members.map((member) => member.email)).toContain('operator@acme.test');
    expect(members).toHaveLength(6);
    expect(manifest.records['records/identity/members.json']).toBe(6);
    expect(records(entries, 'records/library/documents.json')).toHaveLength(1);
    expect(records(entries, 'records/library/evaluations.json')[0]?.status).toBe('published');
    expect(records(entries, 'records/observation/observations.json')).toHaveLength(1);
    expect(records(entries, 'records/observation/job-functions.json')[0]?.name).toBe(
      'Press setter',
    );
    expect(records(entries, 'records/integration/stations.json')).toHaveLength(1);

    const storedFiles = [...entries.keys()].filter((name) => name.startsWith('files/'));
    expect(storedFiles.some((name) => name.endsWith('.pdf'))).toBe(true);
    expect(storedFiles.some((name) => name.endsWith('.md'))).toBe(true);
    for (const [name, content] of entries) {
      if (name === 'manifest.json') continue;
      const listed = manifest.files.find((file) => file.path === name);
      expect(listed, name).toEqual({
        path: name,
        bytes: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
      });
    }
    const everything = data.toString('latin1');
    expect(everything).not.toContain('password_hash');
    expect(everything).not.toContain('$argon2');
  });

  it('writes people as CSV, formulas kept as text', async () => {
    const entries = await unzip((await download(acme.members.admin.session)).data);
    const csv = entries.get('records/members.csv')!.toString('utf8');
    expect(csv.split('\r\n')[0]).toContain('email');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
  });

  it("is another organization's only for the super administrator, and audited", async () => {
    expect(
      (await download(otherAdmin, `?organizationId=${acme.organizationId}`)).response.status,
    ).toBe(403);
    const own = await unzip((await download(otherAdmin)).data);
    expect(records(own, 'records/identity/members.json').map((m) => m.email)).toEqual([
      'admin@globex.test',
    ]);
    expect(
      [...own.values()].some((content) => content.toString('latin1').includes('acme.test')),
    ).toBe(false);
    for (const role of ['training_supervisor', 'manager', 'operator'] as const) {
      expect((await download(acme.members[role].session)).response.status).toBe(403);
    }
    const asRoot = await download(root, `?organizationId=${acme.organizationId}`);
    expect(asRoot.response.status).toBe(200);
    expect((await download(root, '?organizationId=999999')).response.status).toBe(404);
    // The audit trail is written once the answer is sent: asked until it is there.
    const audited = async () =>
      (
        await stack.sql.query<{ target: string; outcome: string }>(
          `SELECT target, outcome FROM audit_log WHERE action = 'organization.export' ORDER BY id`,
        )
      ).rows;
    await expect
      .poll(audited)
      .toContainEqual({ target: `organizationId=${acme.organizationId}`, outcome: 'success' });
  });
});
