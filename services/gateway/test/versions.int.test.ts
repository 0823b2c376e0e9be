import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiSession, startTestStack, type TestStack } from './test-stack.js';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { type RunningWorkers, startDocumentWorkers } from './test-workers.js';

interface DocumentView {
  id: number;
  folderId: number | null;
  tags: { name: string }[];
  currentVersion: number;
  sopProcessed: boolean;
  evaluationGenerated: boolean;
  evaluationGenerationError: string | null;
  processingError: string | null;
  fileName: string;
}

interface VersionView {
  version: number;
  fileName: string;
  changeNote: string;
  uploadedByName: string | null;
  current: boolean;
  state: string;
}

/** The cooling SOP with step 4 changed, step 6 removed and a new step added. */
const COOLING_SOP_V2 = COOLING_SOP.flatMap((line) => {
  if (line.startsWith('4. ')) return ['4. Cool the food from 63 °C to 21 °C within 90 minutes.'];
  if (line.startsWith('6. ')) return [];
  if (line.startsWith('7. ')) return [line, '8. Sign the cooling log at the end of every shift.'];
  return [line];
});

let stack: TestStack;
let workers: RunningWorkers;
let ann: ApiSession;
let otto: ApiSession;
let gina: ApiSession;
let acme: number;
let globex: number;

beforeAll(async () => {
  stack = await startTestStack();
  workers = startDocumentWorkers(stack);
  acme = await stack.createOrganization('Acme Foods', 'acme.test');
  globex = await stack.createOrganization('Globex Plant', 'globex.test');
  await stack.createUser({
    email: 'ann@acme.test',
    name: 'Ann Admin',
    password: 'Acme-Admin-1',
    role: 'admin',
    organizationId: acme,
  });
  await stack.createUser({
    email: 'otto@acme.test',
    password: 'Acme-Oper-1',
    role: 'operator',
    organizationId: acme,
  });
  await stack.createUser({
    email: 'gina@globex.test',
    password: 'Globex-Admin-1',
    role: 'admin',
    organizationId: globex,
  });
  ann = new ApiSession(stack.url);
  await ann.login('ann@acme.test', 'Acme-Admin-1');
  otto = new ApiSession(stack.url);
  await otto.login('otto@acme.test', 'Acme-Oper-1');
  gina = new ApiSession(stack.url);
  await gina.login('gina@globex.test', 'Globex-Admin-1');
});

afterAll(async () => {
  await workers?.close();
  await stack?.stop();
});

const uploadVersion = (
  session: ApiSession,
  documentId: number,
  fields: Record<string, string>,
  data?: Buffer,
  name = 'cooling-v2.pdf',
) =>
  session.upload(
    `/api/library/documents/${documentId}/versions`,
    fields,
    data ? { field: 'file', name, data } : undefined,
  );

/** Waits until the document's current version is processed and its evaluation settled. */
async function settled(id: number, version: number): Promise<DocumentView> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const document = (await ann.get(`/api/library/documents/${id}`))
      .body as unknown as DocumentView;
    if (
      document.currentVersion === version &&
      (document.evaluationGenerated || document.evaluationGenerationError) &&
      document.sopProcessed
    )
      return document;
    if (document.processingError) throw new Error(document.processingError);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Document ${id} did not settle within 90 s`);
}

async function fetchText(session: ApiSession, path: string): Promise<string> {
  const link = await session.get(path);
  expect(link.status).toBe(200);
  const answer = await fetch(`${stack.url}${link.body.url as string}`);
  return Buffer.from(await answer.arrayBuffer()).toString('latin1');
}

describe('document versions', () => {
  let original: DocumentView;

  beforeAll(async () => {
    const folder = await ann.post('/api/library/folders', { name: 'Kitchen' });
    const uploaded = await ann.upload(
      '/api/library/documents/upload',
      { title: 'Cooling cooked food', tags: 'Food safety', folderId: String(folder.body.id) },
      { field: 'file', name: 'cooling.pdf', data: sopPdf(COOLING_SOP) },
    );
    expect(uploaded.status).toBe(201);
    original = await settled(uploaded.body.id as number, 1);
  });

  it('refuses a version without a change note, or that is not a PDF, keeping nothing', async () => {
    const before = await stack.storage.list(`org/${acme}/documents/`);
    const noNote = await uploadVersion(ann, original.id, { changeNote: ' ' }, sopPdf(['x']));
    expect(noNote.status).toBe(400);
    expect(noNote.body.message).toBe('Please describe what changed in this version.');
    const notPdf = await uploadVersion(
      ann,
      original.id,
      { changeNote: 'Fake' },
      Buffer.from('<html>no</html>'),
    );
    expect(notPdf.status).toBe(400);
    expect(notPdf.body.message).toBe('Please select a PDF file to upload.');
    const noFile = await uploadVersion(ann, original.id, { changeNote: 'Nothing' });
    expect(noFile.status).toBe(400);
    expect(await stack.storage.list(`org/${acme}/documents/`)).toEqual(before);
  });

  it('keeps operators and other organizations out, storing nothing for them', async () => {
    const asOperator = await uploadVersion(otto, original.id, { changeNote: 'x' }, sopPdf(['x']));
    expect(asOperator.status).toBe(403);
    expect((await otto.get(`/api/library/documents/${original.id}/versions`)).status).toBe(403);
    const foreign = await uploadVersion(gina, original.id, { changeNote: 'x' }, sopPdf(['x']));
    expect(foreign.status).toBe(404);
    expect(await stack.storage.list(`org/${globex}/`)).toEqual([]);
    expect((await gina.get(`/api/library/documents/${original.id}/versions`)).status).toBe(404);
    expect(
      (await gina.get(`/api/library/documents/${original.id}/versions/1/download-url`)).status,
    ).toBe(404);
    expect(
      (await gina.get(`/api/library/documents/${original.id}/versions/1/markdown`)).status,
    ).toBe(404);
    expect((await ann.get(`/api/library/documents/${original.id}/versions/1`)).status).toBe(404);
  });

  it('makes an upload the current version, keeping the id, folder and tags', async () => {
    const answer = await uploadVersion(
      ann,
      original.id,
      { changeNote: 'Faster first cooling stage; labelling step replaced by the log' },
      sopPdf(COOLING_SOP_V2),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      id: original.id,
      folderId: original.folderId,
      currentVersion: 2,
      sopProcessed: false,
      fileName: 'cooling-v2.pdf',
    });
    expect((answer.body.tags as { name: string }[]).map((tag) => tag.name)).toEqual([
      'Food safety',
    ]);
    const current = await settled(original.id, 2);
    expect(current.sopProcessed).toBe(true);
    const list = (await ann.get(`/api/library/documents?folderId=${original.folderId}`)).body;
    expect(list.totalCount).toBe(1);
  });

  it('lists versions newest first with who, when and why', async () => {
    const answer = await ann.get(`/api/library/documents/${original.id}/versions`);
    expect(answer.status).toBe(200);
    expect(answer.body.currentVersion).toBe(2);
    const versions = answer.body.versions as VersionView[];
    expect(versions).toMatchObject([
      {
        version: 2,
        fileName: 'cooling-v2.pdf',
        changeNote: 'Faster first cooling stage; labelling step replaced by the log',
        uploadedByName: 'Ann Admin',
        current: true,
        state: 'processed',
      },
      {
        version: 1,
        fileName: 'cooling.pdf',
        changeNote: '',
        uploadedByName: 'Ann Admin',
        current: false,
        state: 'processed',
      },
    ]);
  });

  it('serves every version to view and download; the current one everywhere else', async () => {
    const first = await fetchText(
      ann,
      `/api/library/documents/${original.id}/versions/1/download-url`,
    );
    const second = await fetchText(
      ann,
      `/api/library/documents/${original.id}/versions/2/download-url`,
    );
    expect(first).toBe(sopPdf(COOLING_SOP).toString('latin1'));
    expect(second).toBe(sopPdf(COOLING_SOP_V2).toString('latin1'));
    expect(await fetchText(ann, `/api/library/documents/${original.id}/download-url`)).toBe(second);

    const old = await ann.get(`/api/library/documents/${original.id}/versions/1/markdown`);
    expect(old.body.markdown).toContain('Label each container');
    expect(old.body.markdown).not.toContain('Sign the cooling log');
    const now = await ann.get(`/api/library/documents/${original.id}/markdown`);
    expect(now.body.markdown).toContain('Sign the cooling log');
    expect(now.body.markdown).not.toContain('Label each container');
    const v2 = await ann.get(`/api/library/documents/${original.id}/versions/2/markdown`);
    expect(v2.body.markdown).toBe(now.body.markdown);
    const search = await ann.get('/api/library/documents?search=shift');
    expect((search.body.documents as { id: number }[]).map((d) => d.id)).toEqual([original.id]);
  });

  it('deletes the files of every version with the document', async () => {
    expect((await ann.delete(`/api/library/documents/${original.id}`)).status).toBe(200);
    expect(await stack.storage.list(`org/${acme}/documents/`)).toEqual([]);
    expect((await ann.get(`/api/library/documents/${original.id}/versions`)).status).toBe(404);
  });
});
