import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, QUEUES } from '@hub/proto';
import { type BodyOf, type CallOptions, expectError, parseAnswer } from './api-client.js';
import { openQueue } from '@hub/kit';
import { signedIn } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';

/** A minimal valid one-page PDF, made here so the test does not depend on the worker. */
function tinyPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

let stack: TestStack;
let ann: ApiSession;
let gina: ApiSession;
let acme: number;

beforeAll(async () => {
  stack = await startTestStack();
  acme = await stack.createOrganization('Acme Foods', 'acme.test');
  const globex = await stack.createOrganization('Globex Plant', 'globex.test');
  await stack.createUser({
    email: 'ann@acme.test',
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
  gina = await signedIn(stack, 'gina@globex.test', 'Globex-Admin-1');
});

afterAll(async () => {
  await stack?.stop();
});

const upload = (
  session: ApiSession,
  fields: Record<string, string>,
  data?: Buffer,
  name = 'sop.pdf',
) => session.uploadTo(api.uploadDocument, fields, data && { name, data });

const documents = (session: ApiSession, query: CallOptions<typeof api.documents>['query'] = {}) =>
  session.call(api.documents, { query });

const documentOf = (session: ApiSession, id: number) =>
  session.call(api.document, { params: { id } });

describe('folders and tags', () => {
  it('creates nested folders and tags with the spec messages', async () => {
    const folder = (session: ApiSession, body: BodyOf<typeof api.createFolder>) =>
      session.call(api.createFolder, { body });
    const tag = (body: BodyOf<typeof api.createTag>) => ann.call(api.createTag, { body });
    expect((await expectError(folder(ann, { name: '  ' }), 400)).message).toBe(
      'Please enter a folder name.',
    );
    const answer = await ann.send(api.createFolder, {
      body: { name: 'Kitchen', description: 'Kitchen SOPs' },
    });
    expect(answer.status).toBe(201);
    const parent = parseAnswer(api.createFolder, answer);
    const child = await folder(ann, { name: 'Ovens', parentFolderId: parent.id });
    expect(child).toMatchObject({ name: 'Ovens', parentFolderId: parent.id });
    await expectError(folder(gina, { name: 'X', parentFolderId: parent.id }), 400);
    expect(await gina.call(api.folders)).toEqual([]);

    expect((await expectError(tag({ name: '', color: '#ef4444' }), 400)).message).toBe(
      'Please enter a tag name.',
    );
    const noColor = ann.call(api.createTag, { invalidBody: { name: 'Safety' } });
    expect((await expectError(noColor, 400)).message).toBe('Please select a color.');
    const safety = await tag({ name: 'Safety', color: '#EF4444' });
    expect(safety).toMatchObject({ name: 'Safety', color: '#ef4444', documentCount: 0 });
    await expectError(tag({ name: 'safety', color: '#ef4444' }), 409);
  });
});

describe('documents', () => {
  it('refuses files that are not PDFs by their content, whatever their name', async () => {
    const html = Buffer.from('<html>not a pdf</html>');
    const fake = await expectError(upload(ann, { title: 'Fake' }, html, 'fake.pdf'), 400);
    expect(fake.message).toBe('Please select a PDF file to upload.');
    await expectError(upload(ann, { title: 'Nothing' }), 400);
    expect(await stack.storage.list(`org/${acme}/documents/`)).toEqual([]);
  });

  it('refuses fields sent after the file with a 400 naming the field, keeping nothing', async () => {
    const late = ann.uploadTo(
      api.uploadDocument,
      { title: 'Late title', description: 'After the file' },
      { name: 'late.pdf', data: tinyPdf('late') },
      { fileFirst: true },
    );
    expect(await expectError(late, 400)).toMatchObject({
      message: 'The field "title" must be sent before the file.',
      field: 'title',
    });
    expect(await stack.storage.list(`org/${acme}/documents/`)).toEqual([]);
    expect((await documents(ann)).documents).toEqual([]);
  });

  it('refuses a PDF over 50 MB while it streams, keeping nothing', async () => {
    const huge = Buffer.concat([tinyPdf('x'), Buffer.alloc(50 * 1024 * 1024)]);
    const answer = await expectError(upload(ann, { title: 'Huge' }, huge), 413);
    expect(answer.message).toBe('The PDF is larger than 50 MB. Please upload a smaller file.');
    expect(await stack.storage.list(`org/${acme}/documents/`)).toEqual([]);
  });

  it('stores an upload, starts processing, and lists, filters and searches documents', async () => {
    const folders = await ann.call(api.folders);
    const kitchen = folders.find((folder) => folder.name === 'Kitchen')!;
    const first = await upload(
      ann,
      {
        title: 'Oven cleaning',
        description: 'Weekly degreasing of ovens',
        tags: 'Safety, Cleaning',
        folderId: String(kitchen.id),
      },
      tinyPdf('Oven'),
    );
    expect(first).toMatchObject({
      title: 'Oven cleaning',
      folderId: kitchen.id,
      sopProcessed: false,
      fileSize: tinyPdf('Oven').length,
    });
    expect(first.progress.stage).toBe('queued');
    expect(first.tags.map((tag) => tag.name).sort()).toEqual(['Cleaning', 'Safety']);
    const second = await upload(
      ann,
      { title: '', description: '', tags: '["Receiving"]', folderId: 'none' },
      tinyPdf('Fridge'),
      'Fridge temperatures.pdf',
    );
    expect(second).toMatchObject({ title: 'Fridge temperatures', folderId: null });

    const queue = openQueue(QUEUES.pdfProcessing, {
      url: 'redis://127.0.0.1:6379',
      prefix: stack.redisPrefix,
    });
    expect(await queue.getJob(`doc-${first.id}-run-1`)).toBeTruthy();
    await queue.close();

    // Times with microseconds: the list has PostgreSQL format them, a document's page formats
    // the entity's Date; both cut to milliseconds.
    await stack.sql.query(
      `UPDATE library.documents SET uploaded_at = '2026-11-24 10:00:00.123999+00',
              progress_updated_at = '2026-11-24 10:00:01.999999+00' WHERE organization_id = $1`,
      [acme],
    );
    const answer = await ann.send(api.documents, { query: { limit: 50 } });
    const all = parseAnswer(api.documents, answer);
    expect(all.totalCount).toBe(2);
    // Relayed as the bytes the library wrote, still labelled as JSON.
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const [firstListed] = all.documents;
    expect(firstListed?.uploadedAt).toBe('2026-11-24T10:00:00.123Z');
    expect(firstListed?.progress).toMatchObject({ updatedAt: '2026-11-24T10:00:01.999Z' });
    // The list reads plain rows (documents.repository); a document's own page reads the entity:
    // each listed document is its own page's answer (tags in any order).
    type Listed = { id: number; tags: { id: number }[] };
    const tagsById = (document: Listed) => ({
      ...document,
      tags: [...document.tags].sort((a, b) => a.id - b.id),
    });
    for (const listed of all.documents) {
      const own = await documentOf(ann, listed.id);
      expect(tagsById(listed)).toEqual(tagsById(own));
    }
    const inKitchen = await documents(ann, { folderId: kitchen.id });
    expect(inKitchen.documents.map((d) => d.title)).toEqual(['Oven cleaning']);
    const tags = await ann.call(api.tags);
    const safety = tags.find((tag) => tag.name === 'Safety')!;
    expect(safety.documentCount).toBe(1);
    const tagged = await documents(ann, { tags: String(safety.id) });
    expect(tagged.totalCount).toBe(1);
    const searched = await documents(ann, { search: 'degreas' });
    expect(searched.documents.map((d) => d.title)).toEqual(['Oven cleaning']);
    const limited = await documents(ann, { limit: 1 });
    expect(limited).toMatchObject({ totalCount: 2 });
    expect(limited.documents.length).toBe(1);
    expect((await documents(ann, { sopProcessed: 'true' })).totalCount).toBe(0);
    expect((await documents(gina)).totalCount).toBe(0);
  });

  it('serves the PDF behind a short-lived signed link that supports ranges', async () => {
    const [document] = (await documents(ann, { search: 'oven' })).documents;
    const params = { id: document!.id };
    const link = await ann.call(api.documentDownloadUrl, { params });
    expect(link.url).toMatch(/^\/api\/files\//);
    const whole = await fetch(`${stack.url}${link.url}`);
    expect(whole.headers.get('content-type')).toBe('application/pdf');
    expect((await whole.text()).startsWith('%PDF-1.4')).toBe(true);
    const part = await fetch(`${stack.url}${link.url}`, { headers: { range: 'bytes=0-3' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toMatch(/^bytes 0-3\/\d+$/);
    expect(await part.text()).toBe('%PDF');
    const tampered = link.url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await fetch(`${stack.url}${tampered}`)).status).toBe(404);
    await expectError(gina.call(api.documentDownloadUrl, { params }), 404);
    await expectError(ann.call(api.documentMarkdown, { params }), 404);
  });

  it('keeps operators and other organizations out', async () => {
    const otto = await signedIn(stack, 'otto@acme.test', 'Acme-Oper-1');
    await expectError(documents(otto), 403);
    await expectError(upload(otto, { title: 'x' }, tinyPdf('x')), 403);
    const [document] = (await documents(ann)).documents;
    const params = { id: document!.id };
    await expectError(gina.call(api.document, { params }), 404);
    await expectError(gina.call(api.deleteDocument, { params }), 404);
    await expectError(gina.call(api.retryDocument, { params }), 404);
  });

  it('shows the stage the worker reports, and ignores reports of an earlier run', async () => {
    const [document] = (await documents(ann, { search: 'oven' })).documents;
    const inbox = openQueue(QUEUES.libraryInbox, {
      url: 'redis://127.0.0.1:6379',
      prefix: stack.redisPrefix,
    });
    const report = (run: number, current: number) =>
      inbox.add('pdf.progress', {
        kind: 'pdf.progress',
        documentId: document!.id,
        run,
        stage: 'ocr',
        current,
        total: 5,
      });
    await report(1, 2);
    await expect
      .poll(async () => (await documentOf(ann, document!.id)).progress, { timeout: 5000 })
      .toMatchObject({ stage: 'ocr', current: 2, total: 5 });
    await report(0, 4);
    await expect
      .poll(async () => {
        const counts = await inbox.getJobCounts('waiting', 'active');
        return counts.waiting! + counts.active!;
      })
      .toBe(0);
    const after = (await documentOf(ann, document!.id)).progress;
    expect(after.current).toBe(2);
    await inbox.close();
  });

  it('fails a document whose processing stalled, and retries it as a new run', async () => {
    const [document] = (await documents(ann, { search: 'fridge' })).documents;
    const retry = () => ann.call(api.retryDocument, { params: { id: document!.id } });
    await expectError(retry(), 409);
    const queue = openQueue(QUEUES.pdfProcessing, {
      url: 'redis://127.0.0.1:6379',
      prefix: stack.redisPrefix,
    });
    await (await queue.getJob(`doc-${document!.id}-run-1`))?.remove();
    await stack.library.dataSource.query(
      `UPDATE documents SET progress_updated_at = now() - interval '1 hour' WHERE id = $1`,
      [document!.id],
    );
    expect(await stack.library.sweeper.sweep()).toBe(1);
    const failed = await documentOf(ann, document!.id);
    expect(failed).toMatchObject({ sopProcessed: false, progress: { stage: 'failed' } });
    expect(failed.sopError).toMatch(/Press Retry/);
    const retried = await retry();
    expect(retried).toMatchObject({ sopError: null, progress: { stage: 'queued' } });
    expect(await queue.getJob(`doc-${document!.id}-run-2`)).toBeTruthy();
    await queue.close();
  });

  it('deletes a document with its files', async () => {
    const [document] = (await documents(ann, { search: 'fridge' })).documents;
    const before = await stack.storage.list(`org/${acme}/documents/`);
    expect(before.length).toBe(2);
    await ann.call(api.deleteDocument, { params: { id: document!.id } });
    expect(await stack.storage.list(`org/${acme}/documents/`)).toHaveLength(1);
    await expectError(documentOf(ann, document!.id), 404);
  });

  it('removes the library data of a deleted organization', async () => {
    const root = await signedIn(stack, SUPER_ADMIN.email, SUPER_ADMIN.password);
    await root.call(api.deleteOrganization, { params: { id: acme } });
    await expect.poll(() => stack.storage.list(`org/${acme}/`), { timeout: 10_000 }).toEqual([]);
    await expect
      .poll(
        async () =>
          (
            await stack.library.dataSource.query(
              `SELECT count(*)::int AS n FROM documents WHERE organization_id = $1`,
              [acme],
            )
          )[0].n,
      )
      .toBe(0);
    const tags = await stack.library.dataSource.query(
      `SELECT 1 FROM tags WHERE organization_id = $1`,
      [acme],
    );
    expect(tags).toEqual([]);
  });
});
