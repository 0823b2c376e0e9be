import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type ExportManifest } from '@hub/proto';
import type { RecordKind } from '@hub/kit';
import {
  IDENTITY_NOT_EXPORTED,
  IDENTITY_RECORD_KINDS,
} from '../../identity/src/export/record-kinds.js';
import {
  INTEGRATION_NOT_EXPORTED,
  INTEGRATION_RECORD_KINDS,
} from '../../integration/src/export/record-kinds.js';
import {
  LIBRARY_NOT_EXPORTED,
  LIBRARY_RECORD_KINDS,
} from '../../library/src/export/record-kinds.js';
import {
  OBSERVATION_NOT_EXPORTED,
  OBSERVATION_RECORD_KINDS,
} from '../../observation/src/export/record-kinds.js';
import { VIDEO_NOT_EXPORTED, VIDEO_RECORD_KINDS } from '../../video/src/export/record-kinds.js';
import {
  createBareOrganization,
  createMember,
  createOrganizationWithMembers,
  createTenant,
  type Member,
  type Tenant,
  signedIn,
} from './tenant-fixtures.js';
import { type ApiSession, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';
import { type RunningWorkers, startDocumentWorkers } from './test-workers.js';
import { unzip } from './zip-entries.js';

let stack: TestStack;
let workers: RunningWorkers;
let acme: Tenant;
let otherAdmin: ApiSession;
let root: ApiSession;

const exportUrl = (query = '') => `${stack.url}/api/organization-export.zip${query}`;

async function download(session: ApiSession, query = '') {
  const response = await fetch(exportUrl(query), { headers: { cookie: session.cookie } });
  return { response, data: Buffer.from(await response.arrayBuffer()) };
}

const records = (entries: Map<string, Buffer>, path: string) =>
  JSON.parse(entries.get(path)!.toString('utf8')) as Record<string, unknown>[];

/** Every entry's text: what a marker must not be found in (the zip itself is deflated). */
const unzippedText = (entries: Map<string, Buffer>) =>
  [...entries.values()].map((content) => content.toString('utf8')).join('\n');

/** Each service's schema: the tables its kinds read and those it says it does not export. */
const EXPORTED_SCHEMAS: Record<
  string,
  [Record<string, RecordKind>, Readonly<Record<string, string>>]
> = {
  identity: [IDENTITY_RECORD_KINDS, IDENTITY_NOT_EXPORTED],
  library: [LIBRARY_RECORD_KINDS, LIBRARY_NOT_EXPORTED],
  observation: [OBSERVATION_RECORD_KINDS, OBSERVATION_NOT_EXPORTED],
  video: [VIDEO_RECORD_KINDS, VIDEO_NOT_EXPORTED],
  integration: [INTEGRATION_RECORD_KINDS, INTEGRATION_NOT_EXPORTED],
};

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

  it("writes every spreadsheet's header, even of a kind without rows, with the JSON's columns", async () => {
    const fresh = await unzip((await download(otherAdmin)).data);
    expect(records(fresh, 'records/observation/observations.json')).toEqual([]);
    for (const name of ['observations', 'certifications']) {
      const csv = fresh.get(`records/${name}.csv`)!.toString('utf8');
      expect(csv.split('\r\n')[0], name).toMatch(/^id,organization_id,/);
      expect(csv.split('\r\n').filter(Boolean), name).toHaveLength(1);
    }
    const entries = await unzip((await download(acme.members.admin.session)).data);
    const header = entries.get('records/members.csv')!.toString('utf8').split('\r\n')[0]!;
    const [member] = records(entries, 'records/identity/members.json');
    expect(header.split(',').toSorted()).toEqual(Object.keys(member!).toSorted());
    expect(header.split(',')).not.toContain('password_hash');
  });

  it("names the product's declared version, or HUB_VERSION's when it is set", async () => {
    const declared = (
      JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
        version?: string;
      }
    ).version;
    expect(declared).toMatch(/^\d+\.\d+\.\d+/);
    const manifestOf = async () =>
      JSON.parse(
        (await unzip((await download(otherAdmin)).data)).get('manifest.json')!.toString('utf8'),
      ) as ExportManifest;
    const before = process.env.HUB_VERSION;
    try {
      delete process.env.HUB_VERSION;
      expect((await manifestOf()).productVersion).toBe(declared);
      process.env.HUB_VERSION = '7.3.1-rc.2';
      expect((await manifestOf()).productVersion).toBe('7.3.1-rc.2');
    } finally {
      if (before === undefined) delete process.env.HUB_VERSION;
      else process.env.HUB_VERSION = before;
    }
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

describe("an organization's export, kind by kind", () => {
  it('reads every table of every service, or names it as not exported and why', async () => {
    // Every table, not only those with an organization_id: some hold an organization's rows
    // through a parent (invitations through users, import rows through their import).
    const { rows } = await stack.sql.query<{ schema: string; name: string }>(
      `SELECT DISTINCT table_schema AS schema, table_name AS name
         FROM information_schema.columns JOIN information_schema.tables USING (table_schema, table_name)
        WHERE table_type = 'BASE TABLE' AND table_schema = ANY($1)
        ORDER BY 1, 2`,
      [Object.keys(EXPORTED_SCHEMAS)],
    );
    const read = (schema: string) =>
      Object.values(EXPORTED_SCHEMAS[schema]![0]).map((k) => k.table);
    const excused = (schema: string) => Object.keys(EXPORTED_SCHEMAS[schema]![1]);
    expect(rows.some((row) => row.schema === 'identity' && row.name === 'audit_log')).toBe(true);
    const unaccounted = rows
      .filter(({ schema, name }) => !read(schema).includes(name) && !excused(schema).includes(name))
      .map(({ schema, name }) => `${schema}.${name}`);
    expect(unaccounted).toEqual([]);
    // Neither list names a table that is gone, and no table is both read and excused.
    for (const schema of Object.keys(EXPORTED_SCHEMAS)) {
      const tables = rows.filter((row) => row.schema === schema).map((row) => row.name);
      expect(
        read(schema).filter((table) => !tables.includes(table)),
        schema,
      ).toEqual([]);
      expect(
        excused(schema).filter((table) => !tables.includes(table) || read(schema).includes(table)),
        schema,
      ).toEqual([]);
    }
  });

  it("holds the organization's settings, imports, webhooks and unknown faces, not their secrets", async () => {
    const secrets = {
      tokenHash: 'invitation-token-hash-4417',
      webhookSecret: 'whsec-current-9921',
      previousSecret: 'whsec-previous-5538',
      embedding: '0.7316248513',
    };
    const ids = await seedOrganizationSettings(acme, secrets);
    const entries = await unzip((await download(acme.members.admin.session)).data);
    const organizationId = acme.organizationId;

    expect(records(entries, 'records/observation/observation-settings.json')).toEqual([
      { organization_id: organizationId, pass_mark: 85 },
    ]);
    expect(records(entries, 'records/observation/certification-settings.json')).toEqual([
      { organization_id: organizationId, default_validity_months: 18 },
    ]);
    expect(records(entries, 'records/observation/sop-certification-validity.json')).toEqual([
      { organization_id: organizationId, document_id: ids.documentId, validity_months: 6 },
    ]);
    expect(records(entries, 'records/observation/reobservation-changes.json')[0]).toMatchObject({
      document_id: ids.documentId,
      version: 2,
    });
    expect(records(entries, 'records/observation/report-exports.json')[0]).toMatchObject({
      kind: 'observations',
      rows: 3,
    });
    expect(records(entries, 'records/integration/floor-privacy.json')).toEqual([
      expect.objectContaining({ keep_snapshots: true, presence_retention_days: 30 }),
    ]);
    expect(records(entries, 'records/identity/saml-settings.json')).toEqual([
      expect.objectContaining({ idp_entity_id: 'https://idp.acme.test' }),
    ]);
    expect(records(entries, 'records/identity/people-imports.json')).toEqual([
      expect.objectContaining({ id: ids.importId, file_name: 'people.csv' }),
    ]);
    expect(records(entries, 'records/identity/people-import-rows.json')).toEqual([
      expect.objectContaining({ import_id: ids.importId, email: 'new@acme.test' }),
    ]);

    const [invitation] = records(entries, 'records/identity/invitations.json');
    expect(invitation).toMatchObject({ user_id: ids.invitedId });
    expect(invitation).not.toHaveProperty('token_hash');
    const [endpoint] = records(entries, 'records/identity/webhook-endpoints.json');
    expect(endpoint).toMatchObject({ url: 'https://hooks.acme.test/hub' });
    expect(endpoint).not.toHaveProperty('secret');
    expect(endpoint).not.toHaveProperty('previous_secret');
    const [face] = records(entries, 'records/video/unknown-faces.json');
    expect(face).toMatchObject({ video_id: ids.videoId, face_id: 'face-1' });
    expect(face).not.toHaveProperty('embedding');
    const text = unzippedText(entries);
    for (const secret of Object.values(secrets)) expect(text).not.toContain(secret);
  });

  it("leaves out the super administrator's account, files and face, and the video analysis prompt", async () => {
    const {
      rows: [root],
    } = await stack.sql.query<{ id: number; organization_id: number }>(
      `SELECT id, organization_id FROM users WHERE email = $1`,
      [SUPER_ADMIN.email],
    );
    // The super administrator signed in (beforeAll), in the organization they belong to.
    const { rows: rootSignIns } = await stack.sql.query(
      `SELECT 1 FROM sign_in_events WHERE user_id = $1 AND organization_id = $2`,
      [root!.id, root!.organization_id],
    );
    expect(rootSignIns.length).toBeGreaterThan(0);
    const domain = SUPER_ADMIN.email.split('@')[1]!;
    const platformAdmin = await createMember(stack, root!.organization_id, domain, 'admin');
    // Their picture, and one they uploaded and never chose, are stored below the platform's.
    const pictures = `org/${root!.organization_id}/profile-pictures`;
    const stored = {
      rootPicture: `${pictures}/root-picture-3310.png`,
      rootUpload: `${pictures}/root-upload-3311.png`,
      adminPicture: `${pictures}/admin-picture-3312.png`,
    };
    for (const key of Object.values(stored))
      await stack.storage.put(key, Buffer.from('png'), 'image/png');
    await stack.sql.query(`UPDATE users SET profile_picture = $2 WHERE id = $1`, [
      root!.id,
      stored.rootPicture,
    ]);
    await stack.sql.query(`UPDATE users SET profile_picture = $2 WHERE id = $1`, [
      platformAdmin.id,
      stored.adminPicture,
    ]);
    await stack.sql.query(
      `INSERT INTO picture_uploads (file_name, storage_key, organization_id, uploaded_by)
       VALUES ('root-upload-3311.png', $1, $2, $3)`,
      [stored.rootUpload, root!.organization_id, root!.id],
    );
    // Their face enrolled from that picture is theirs too; the administrator's is the platform's.
    await stack.sql.query(
      `INSERT INTO video.face_enrolments (user_id, organization_id, picture_key, embedding, model)
       VALUES ($1, $3, $2, '[]', 'test-model'), ($4, $3, $5, '[]', 'test-model')`,
      [root!.id, stored.rootPicture, root!.organization_id, platformAdmin.id, stored.adminPicture],
    );
    const platform = await unzip((await download(platformAdmin.session)).data);
    const platformFiles = [...platform.keys()].filter((name) => name.startsWith('files/'));
    expect(platformFiles).toContain('files/profile-pictures/admin-picture-3312.png');
    expect(platformFiles).not.toContain('files/profile-pictures/root-picture-3310.png');
    expect(platformFiles).not.toContain('files/profile-pictures/root-upload-3311.png');
    const platformManifest = JSON.parse(
      platform.get('manifest.json')!.toString('utf8'),
    ) as ExportManifest;
    expect(platformManifest.files.map((file) => file.path)).not.toContain(
      'files/profile-pictures/root-picture-3310.png',
    );
    expect(records(platform, 'records/identity/members.json').map((m) => m.email)).toEqual([
      platformAdmin.email,
    ]);
    expect(records(platform, 'records/identity/sign-ins.json').map((e) => e.user_id)).toEqual([
      platformAdmin.id,
    ]);
    expect(records(platform, 'records/video/face-enrolments.json').map((e) => e.user_id)).toEqual([
      platformAdmin.id,
    ]);
    // The super administrator's entries filed there (their sign-in) are the platform's.
    const rootEntries = await stack.sql.query(
      `SELECT 1 FROM audit_log WHERE organization_id = $1 AND actor_role = 'super_admin'`,
      [root!.organization_id],
    );
    expect(rootEntries.rows.length).toBeGreaterThan(0);
    const platformLog = records(platform, 'records/identity/audit-log.json');
    expect(platformLog.filter((entry) => entry.actor_role === 'super_admin')).toEqual([]);

    const prompt = 'Super administrator prompt 6620: grade each step strictly';
    await stack.sql.query(`UPDATE video.videos SET analysis_job = $2 WHERE organization_id = $1`, [
      acme.organizationId,
      JSON.stringify({ prompt }),
    ]);
    const entries = await unzip((await download(acme.members.admin.session)).data);
    const [video] = records(entries, 'records/video/videos.json');
    expect(video).toMatchObject({ title: 'Shift' });
    expect(video).not.toHaveProperty('analysis_job');
    expect(unzippedText(entries)).not.toContain(prompt);
  });
});

/** Rows of each kind the export's settings and secrets tests read, written as the services do. */
async function seedOrganizationSettings(tenant: Tenant, secrets: Record<string, string>) {
  const organizationId = tenant.organizationId;
  const adminId = tenant.members.admin.id;
  const documentId = Number(tenant.resources.get(api.document.path));
  const videoId = Number(tenant.resources.get(api.video.path));
  const invitedId = Number(tenant.resources.get(api.deleteUser.path));
  const sql = (text: string, values: unknown[]) => stack.sql.query(text, values);
  await sql(`INSERT INTO observation.observation_settings VALUES ($1, 85)`, [organizationId]);
  await sql(`INSERT INTO observation.certification_settings VALUES ($1, 18)`, [organizationId]);
  await sql(
    `INSERT INTO observation.sop_certification_validity (organization_id, document_id, validity_months)
     VALUES ($1, $2, 6)`,
    [organizationId, documentId],
  );
  await sql(
    `INSERT INTO observation.reobservation_changes (organization_id, document_id, version)
     VALUES ($1, $2, 2)`,
    [organizationId, documentId],
  );
  await sql(
    `INSERT INTO observation.report_exports (organization_id, kind, rows, created_by)
     VALUES ($1, 'observations', 3, $2)`,
    [organizationId, adminId],
  );
  await sql(
    `INSERT INTO integration.floor_privacy (organization_id, keep_snapshots, presence_retention_days)
     VALUES ($1, true, 30)`,
    [organizationId],
  );
  await sql(
    `INSERT INTO saml_settings (organization_id, idp_entity_id, idp_sso_url, idp_certificates)
     VALUES ($1, 'https://idp.acme.test', 'https://idp.acme.test/sso', ARRAY['MIIC-public'])`,
    [organizationId],
  );
  const {
    rows: [people],
  } = await stack.sql.query<{ id: number }>(
    `INSERT INTO people_imports (organization_id, created_by, file_key, file_name, state)
     VALUES ($1, $2, $3, 'people.csv', 'done') RETURNING id`,
    [organizationId, adminId, `org/${organizationId}/people-imports/people.csv`],
  );
  await sql(
    `INSERT INTO people_import_rows (import_id, row_number, email, outcome)
     VALUES ($1, 1, 'new@acme.test', 'created')`,
    [people!.id],
  );
  await sql(
    `INSERT INTO invitations (user_id, token_hash, invited_by, expires_at)
     VALUES ($1, $2, $3, now() + interval '7 days')`,
    [invitedId, secrets.tokenHash, adminId],
  );
  await sql(
    `INSERT INTO webhook_endpoints (organization_id, url, events, secret, previous_secret, created_by)
     VALUES ($1, 'https://hooks.acme.test/hub', ARRAY['evaluation.published'], $2, $3, $4)`,
    [organizationId, secrets.webhookSecret, secrets.previousSecret, adminId],
  );
  const {
    rows: [person],
  } = await stack.sql.query<{ id: number }>(
    `INSERT INTO video.unknown_people (organization_id, number) VALUES ($1, 1) RETURNING id`,
    [organizationId],
  );
  await sql(
    `INSERT INTO video.unknown_faces
       (organization_id, person_id, video_id, run, face_id, embedding, model, appearances)
     VALUES ($1, $2, $3, 1, 'face-1', $4, 'test-model', '[]')`,
    [organizationId, person!.id, videoId, `[${secrets.embedding}]`],
  );
  return { documentId, videoId, invitedId, importId: people!.id };
}

/**
 * Bulk notifications of 4 KB a row, base64 of random bytes, which deflates to about three
 * quarters: some 22 MB of archive. That is larger than everything that can sit between the
 * gateway and a reader that stopped reading (socket buffers, stream queues: 3 to 6 MB measured on
 * a 2-core machine), so the export waits on its reader part way through its records. Every byte
 * is read, sent between the services, written, deflated and, in full downloads, read back: hex
 * (which deflates to half) took half as many bytes again for the same archive, and short rows
 * more rows for each byte.
 */
const BULK_ROWS = 7_200;

async function bulkNotifications(member: Member, organizationId: number, rows: number) {
  await stack.sql.query(
    `INSERT INTO notifications (user_id, organization_id, type, title, message)
     SELECT $1, $2, 'info', 'Bulk',
            (SELECT translate(
                      encode(string_agg(sha512((random()::text || part.i)::bytea), ''::bytea), 'base64'),
                      E'\\n', '')
               FROM generate_series(1, 48) AS part(i) WHERE bulk.n > 0)
       FROM generate_series(1, $3) AS bulk(n)`,
    [member.id, organizationId, rows],
  );
}

/** Reads a body to its end: the bytes, or the error that cut it. */
async function readRest(reader: ReadableStreamDefaultReader<Uint8Array>) {
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return bytes;
    bytes += value.length;
  }
}

describe("an organization's export, while its requester's rights change", () => {
  let initech: { organizationId: number; members: { admin: Member } };

  beforeAll(async () => {
    initech = await createOrganizationWithMembers(stack, 'Initech', 'initech.test', ['admin']);
    await bulkNotifications(initech.members.admin, initech.organizationId, BULK_ROWS);
  }, 120_000);

  /**
   * Starts the download, reads its first bytes and stops reading (the gateway then waits on
   * the socket), changes the requester's rights, then reads on: the rest must fail.
   */
  async function cutAfter(headers: Record<string, string>, change: () => Promise<unknown>) {
    const response = await fetch(exportUrl(), { headers });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await change();
    await expect(readRest(reader)).rejects.toThrow();
  }

  it('ends when the administrator is demoted part way', async () => {
    const admin = initech.members.admin;
    const setRole = (role: string) =>
      stack.sql.query(`UPDATE users SET role = $2 WHERE id = $1`, [admin.id, role]);
    try {
      await cutAfter({ cookie: admin.session.cookie }, () => setRole('operator'));
    } finally {
      await setRole('admin');
    }
    // Rights given back, the same session downloads the whole archive again.
    const { response, data } = await download(admin.session);
    expect(response.status).toBe(200);
    const entries = await unzip(data);
    expect(records(entries, 'records/identity/notifications.json')).toHaveLength(BULK_ROWS);
  }, 120_000);

  it('goes on past a file deleted while it runs, naming it in the manifest', async () => {
    const admin = initech.members.admin;
    const key = `org/${initech.organizationId}/documents/gone-meanwhile.pdf`;
    await stack.storage.put(key, Buffer.from('%PDF- soon gone'), 'application/pdf');
    const response = await fetch(exportUrl(), { headers: { cookie: admin.session.cookie } });
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [];
    const first = await reader.read();
    chunks.push(first.value!);
    // Deleted after the export listed it, before the zip reached it (records come first).
    await stack.storage.remove(key);
    for (let next = await reader.read(); !next.done; next = await reader.read())
      chunks.push(next.value);
    const entries = await unzip(Buffer.concat(chunks));
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as {
      removedDuringExport?: string[];
    };
    expect(manifest.removedDuringExport).toEqual(['files/documents/gone-meanwhile.pdf']);
    expect(entries.get('files/documents/gone-meanwhile.pdf')!.length).toBe(0);
  }, 120_000);

  it('ends when the API token it runs with is revoked part way', async () => {
    const { secret, token } = await initech.members.admin.session.call(api.createApiToken, {
      body: { name: 'Backup', role: 'admin', readOnly: true, expiresInDays: 1 },
    });
    await cutAfter({ authorization: `Bearer ${secret}` }, () =>
      initech.members.admin.session.call(api.revokeApiToken, { params: { id: token.id } }),
    );
  }, 120_000);
});
