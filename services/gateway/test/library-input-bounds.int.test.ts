import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@hub/proto';
import { expectError } from './api-client.js';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { createOrganizationWithMembers } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, type TestStack } from './test-stack.js';

/** Ids and numbers past what the library's integer columns hold: refused, never a 500. */
let stack: TestStack;
let ann: ApiSession;

/** One past PostgreSQL's largest integer (ids are `integer` columns). */
const TOO_BIG = 2_147_483_648;

beforeAll(async () => {
  stack = await startTestStack();
  const acme = await createOrganizationWithMembers(stack, 'Acme Foods', 'acme.test', ['admin']);
  ann = acme.members.admin.session;
});

afterAll(async () => {
  await stack?.stop();
});

describe('library ids out of range', () => {
  it('answers 400 for a document, evaluation or version id no row can have', async () => {
    const params = { id: TOO_BIG };
    await expectError(ann.call(api.document, { params }), 400);
    await expectError(ann.call(api.documentEvaluation, { params }), 400);
    await expectError(ann.call(api.quiz, { params }), 400);
    await expectError(ann.call(api.documentMarkdown, { params }), 400);
    await expectError(ann.call(api.deleteDocument, { params }), 400);
    await expectError(
      ann.call(api.documentVersionMarkdown, { params: { id: 1, version: TOO_BIG } }),
      400,
    );
  });

  it('answers 400 for a list filtered by a folder or tag id no row can have', async () => {
    await expectError(ann.call(api.documents, { query: { folderId: TOO_BIG } }), 400);
    await expectError(ann.call(api.documents, { query: { tags: `1,${TOO_BIG}` } }), 400);
  });

  it('answers 400 for a folder parent or an upload folder no row can have, keeping nothing', async () => {
    await expectError(
      ann.call(api.createFolder, { body: { name: 'X', parentFolderId: TOO_BIG } }),
      400,
    );
    const file = { name: 'cooling.pdf', data: sopPdf(COOLING_SOP) };
    await expectError(
      ann.uploadTo(api.uploadDocument, { title: 'Cooling', folderId: String(TOO_BIG) }, file),
      400,
    );
    expect(await stack.storage.list('org/')).toEqual([]);
  });

  it('refuses tags too long or too many as the tags field, in words the web app translates', async () => {
    const file = { name: 'cooling.pdf', data: sopPdf(COOLING_SOP) };
    const long = await expectError(
      ann.uploadTo(
        api.uploadDocument,
        { title: 'Cooling', tags: `Safety, ${'x'.repeat(101)}` },
        file,
      ),
      400,
    );
    expect(long).toMatchObject({
      field: 'tags',
      code: 'invalid_field',
      params: { rule: 'too_long', field: 'tags', maximum: 100 },
    });
    const names = JSON.stringify(Array.from({ length: 51 }, (_, index) => `Tag ${index}`));
    const many = await expectError(
      ann.uploadTo(api.uploadDocument, { title: 'Cooling', tags: names }, file),
      400,
    );
    expect(many).toMatchObject({
      field: 'tags',
      code: 'invalid_field',
      params: { rule: 'too_many', field: 'tags', maximum: 50 },
    });
    expect(await stack.storage.list('org/')).toEqual([]);
  });
});
