import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type LibraryDocument } from '@hub/proto';
import { expectError } from './api-client.js';
import { signedIn } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, type TestStack } from './test-stack.js';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { type RunningWorkers, startDocumentWorkers } from './test-workers.js';

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
  ann = await signedIn(stack, 'ann@acme.test', 'Acme-Admin-1');
  otto = await signedIn(stack, 'otto@acme.test', 'Acme-Oper-1');
  gina = await signedIn(stack, 'gina@globex.test', 'Globex-Admin-1');
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
  session.uploadTo(api.uploadDocumentVersion, fields, data ? { name, data } : undefined, {
    params: { id: documentId },
  });

/** Waits until the document's current version is processed and its evaluation settled. */
async function settled(id: number, version: number): Promise<LibraryDocument> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const document = await ann.call(api.document, { params: { id } });
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

/** The file behind a signed link, as text. */
async function fetchText(link: Promise<{ url: string }>): Promise<string> {
  const answer = await fetch(`${stack.url}${(await link).url}`);
  return Buffer.from(await answer.arrayBuffer()).toString('latin1');
}

describe('document versions', () => {
  let original: LibraryDocument;
  const versionsOf = (session: ApiSession) =>
    session.call(api.documentVersions, { params: { id: original.id } });
  const version = (number: number) => ({ params: { id: original.id, version: number } });
  const diff = (session: ApiSession, from: number, to: number) =>
    session.call(api.documentVersionDiff, { params: { id: original.id }, query: { from, to } });

  beforeAll(async () => {
    const folder = await ann.call(api.createFolder, { body: { name: 'Kitchen' } });
    const uploaded = await ann.uploadTo(
      api.uploadDocument,
      { title: 'Cooling cooked food', tags: 'Food safety', folderId: String(folder.id) },
      { name: 'cooling.pdf', data: sopPdf(COOLING_SOP) },
    );
    original = await settled(uploaded.id, 1);
  });

  it('refuses a version without a change note, or that is not a PDF, keeping nothing', async () => {
    const before = await stack.storage.list(`org/${acme}/documents/`);
    const noNote = uploadVersion(ann, original.id, { changeNote: ' ' }, sopPdf(['x']));
    expect((await expectError(noNote, 400)).message).toBe(
      'Please describe what changed in this version.',
    );
    const html = Buffer.from('<html>no</html>');
    const notPdf = uploadVersion(ann, original.id, { changeNote: 'Fake' }, html);
    expect((await expectError(notPdf, 400)).message).toBe('Please select a PDF file to upload.');
    await expectError(uploadVersion(ann, original.id, { changeNote: 'Nothing' }), 400);
    expect(await stack.storage.list(`org/${acme}/documents/`)).toEqual(before);
  });

  it('keeps operators and other organizations out, storing nothing for them', async () => {
    await expectError(uploadVersion(otto, original.id, { changeNote: 'x' }, sopPdf(['x'])), 403);
    await expectError(versionsOf(otto), 403);
    await expectError(uploadVersion(gina, original.id, { changeNote: 'x' }, sopPdf(['x'])), 404);
    expect(await stack.storage.list(`org/${globex}/`)).toEqual([]);
    await expectError(versionsOf(gina), 404);
    await expectError(gina.call(api.documentVersionDownloadUrl, version(1)), 404);
    await expectError(gina.call(api.documentVersionMarkdown, version(1)), 404);
    // No route answers a bare version (only its download link and markdown): an unknown path.
    expect((await ann.get(`/api/library/documents/${original.id}/versions/1`)).status).toBe(404);
  });

  it('makes an upload the current version, keeping the id, folder and tags', async () => {
    const answer = await uploadVersion(
      ann,
      original.id,
      { changeNote: 'Faster first cooling stage; labelling step replaced by the log' },
      sopPdf(COOLING_SOP_V2),
    );
    // Whether the new version is processed yet when the answer is read depends on the worker,
    // which may already have been done with so small a PDF (seen in a CI run): not asserted.
    expect(answer).toMatchObject({
      id: original.id,
      folderId: original.folderId,
      currentVersion: 2,
      fileName: 'cooling-v2.pdf',
    });
    expect(answer.tags.map((tag) => tag.name)).toEqual(['Food safety']);
    const current = await settled(original.id, 2);
    expect(current.sopProcessed).toBe(true);
    const folderId = original.folderId ?? undefined;
    const list = await ann.call(api.documents, { query: { folderId } });
    expect(list.totalCount).toBe(1);
  });

  it('lists versions newest first with who, when and why', async () => {
    const answer = await versionsOf(ann);
    expect(answer.currentVersion).toBe(2);
    expect(answer.versions).toMatchObject([
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
    const first = await fetchText(ann.call(api.documentVersionDownloadUrl, version(1)));
    const second = await fetchText(ann.call(api.documentVersionDownloadUrl, version(2)));
    expect(first).toBe(sopPdf(COOLING_SOP).toString('latin1'));
    expect(second).toBe(sopPdf(COOLING_SOP_V2).toString('latin1'));
    const currentLink = ann.call(api.documentDownloadUrl, { params: { id: original.id } });
    expect(await fetchText(currentLink)).toBe(second);

    const old = await ann.call(api.documentVersionMarkdown, version(1));
    expect(old.markdown).toContain('Label each container');
    expect(old.markdown).not.toContain('Sign the cooling log');
    const now = await ann.call(api.documentMarkdown, { params: { id: original.id } });
    expect(now.markdown).toContain('Sign the cooling log');
    expect(now.markdown).not.toContain('Label each container');
    const v2 = await ann.call(api.documentVersionMarkdown, version(2));
    expect(v2.markdown).toBe(now.markdown);
    expect([old.version, now.version, v2.version]).toEqual([1, 2, 2]);
    const search = await ann.call(api.documents, { query: { search: 'shift' } });
    expect(search.documents.map((d) => d.id)).toEqual([original.id]);
  });

  it('compares two versions step by step, with changed words marked', async () => {
    const changes = await diff(ann, 1, 2);
    expect(changes.summary).toMatchObject({ added: 1, removed: 1, changed: 1 });
    const changed = changes.changes.find((entry) => entry.status === 'changed')!;
    expect(changed).toMatchObject({ kind: 'step', section: 'Procedure' });
    expect(changed.words!.filter((word) => word.change !== 'same')).toEqual([
      { change: 'removed', text: '2 hours.' },
      { change: 'added', text: '90 minutes.' },
    ]);
    expect(changes.changes.find((entry) => entry.status === 'removed')!.before).toContain(
      'Label each container',
    );
    expect(changes.changes.find((entry) => entry.status === 'added')!.after).toContain(
      'Sign the cooling log at the end of every shift.',
    );
    const unchanged = changes.changes.filter((entry) => entry.status === 'unchanged');
    expect(unchanged.map((entry) => entry.after)).toContain('Corrective action');

    const back = await diff(ann, 2, 1);
    expect(back.summary).toMatchObject({ added: 1, removed: 1, changed: 1 });
    await expectError(diff(ann, 1, 9), 404);
    const noTo = { params: { id: original.id }, invalidQuery: { from: '1' } };
    await expectError(ann.call(api.documentVersionDiff, noTo), 400);
    await expectError(diff(gina, 1, 2), 404);
    await expectError(diff(otto, 1, 2), 403);
  });

  it('deletes the files of every version with the document', async () => {
    await ann.call(api.deleteDocument, { params: { id: original.id } });
    expect(await stack.storage.list(`org/${acme}/documents/`)).toEqual([]);
    await expectError(versionsOf(ann), 404);
  });
});
