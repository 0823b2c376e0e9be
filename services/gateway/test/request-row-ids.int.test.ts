import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, MAX_ROW_ID } from '@hub/proto';
import { expectError } from './api-client.js';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { createOrganizationWithMembers } from './tenant-fixtures.js';
import { type ApiSession, startTestStack, type TestStack } from './test-stack.js';

/**
 * Ids a path, a body or a query names past what the `integer` id columns hold (and the library's
 * other numbers past their limits): refused, never a 500. One stack for all (issue #51 item 11):
 * nothing here is stored, so no block sees another's data.
 */
let stack: TestStack;
let ann: ApiSession;

/** One past PostgreSQL's largest integer (ids are `integer` columns). */
const TOO_BIG = MAX_ROW_ID + 1;

beforeAll(async () => {
  stack = await startTestStack();
  const acme = await createOrganizationWithMembers(stack, 'Acme Foods', 'acme.test', ['admin']);
  ann = acme.members.admin.session;
});

afterAll(async () => {
  await stack?.stop();
});

/** The 400 the gateway answers for any field past its maximum, naming the field and the limit. */
const tooBig = (field: string) => ({
  field,
  code: 'invalid_field',
  params: { rule: 'too_big', field, maximum: MAX_ROW_ID },
});

describe('row ids in bodies and queries out of range', () => {
  it('answers 400 for a body id in a list no row can have, as for any field too big', async () => {
    const body = { userIds: [1, TOO_BIG] };
    const refusal = await expectError(
      ann.call(api.setJobFunctionMembers, { params: { id: 1 }, body }),
      400,
    );
    expect(refusal).toMatchObject(tooBig('userIds.1'));
  });

  it('answers 400 for a query filter id no row can have, as for any field too big', async () => {
    const query = { documentId: TOO_BIG };
    const refusal = await expectError(ann.call(api.insightsObservations, { query }), 400);
    expect(refusal).toMatchObject(tooBig('documentId'));
  });
});

describe('row ids written other than as their digits', () => {
  it('answers 400 for a numeric string where a JSON body names an id, keeping nothing', async () => {
    const folder = await expectError(
      ann.call(api.createFolder, { invalidBody: { name: 'X', parentFolderId: '12' } }),
      400,
    );
    expect(folder).toMatchObject({ field: 'parentFolderId', code: 'invalid_field' });
    expect(await ann.call(api.folders)).toEqual([]);
    const video = await expectError(
      ann.call(api.analyzeVideo, { params: { id: 1 }, invalidBody: { linkedSOPs: ['12'] } }),
      400,
    );
    expect(video).toMatchObject({ field: 'linkedSOPs.0', code: 'invalid_field' });
  });

  it('answers 400 for a path or query id a number parse would misread (" 12", 1e3, 0x10)', async () => {
    for (const id of ['1e3', '0x10', ' 12']) {
      await expectError(ann.call(api.document, { params: { id } }), 400);
    }
    const filters: Record<string, string>[] = [
      { documentId: ' 12' },
      { observerId: '1e3' },
      { documentId: '0x10' },
    ];
    for (const invalidQuery of filters) {
      await expectError(ann.call(api.insightsObservations, { invalidQuery }), 400);
    }
    await expectError(ann.call(api.documents, { invalidQuery: { tags: '1,0x10' } }), 400);
  });
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

describe('an API token or webhook id past what can exist', () => {
  it('is refused as invalid (400), not answered as a server error', async () => {
    const answers = [
      await ann.send(api.revokeApiToken, { params: { id: TOO_BIG } }),
      await ann.send(api.deleteWebhook, { params: { id: TOO_BIG } }),
      await ann.send(api.rotateWebhookSecret, { params: { id: TOO_BIG } }),
      await ann.send(api.enableWebhook, { params: { id: TOO_BIG } }),
      await ann.send(api.testWebhook, { params: { id: TOO_BIG } }),
      await ann.send(api.webhookDeliveries, { params: { id: TOO_BIG } }),
      await ann.send(api.replayWebhookDelivery, {
        params: { id: 1, deliveryId: TOO_BIG },
      }),
    ];
    for (const answer of answers) expect(answer.status).toBe(400);
  });
});
