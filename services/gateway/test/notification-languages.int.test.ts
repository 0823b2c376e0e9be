import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openQueue } from '@hub/kit';
import { api, INVALID_CREDENTIALS, QUEUES, type VideoInboxMessage } from '@hub/proto';
import { expectError } from './api-client.js';
import { certifyOperator } from './certify-operator.js';
import { evaluatedDocument } from './evaluated-document.js';
import { MailCatcher } from './mail-catcher.js';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { ApiSession, startTestStack, type TestStack } from './test-stack.js';
import { type RunningWorkers, startDocumentWorkers } from './test-workers.js';

const PASSWORD = 'Langue-Pass-123!';

let stack: TestStack;
let workers: RunningWorkers;
let mail: MailCatcher;
let franck: ApiSession;
let otto: ApiSession;
let franckId: number;
let ottoId: number;

const noticesOf = async (session: ApiSession) =>
  (await session.call(api.notifications)).notifications;

/** The session's notification with this title, asked every 250 ms until it comes. */
async function noticeTitled(session: ApiSession, title: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await noticesOf(session)).find((notice) => notice.title === title);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no notification "${title}" within ${timeoutMs / 1000} s`);
}

async function signIn(email: string) {
  const session = new ApiSession(stack.url);
  expect((await session.login(email, PASSWORD)).status).toBe(200);
  return session;
}

beforeAll(async () => {
  mail = new MailCatcher();
  // Owed mails looked for every 200 ms (a minute by default): the last test waits for one.
  stack = await startTestStack({ SMTP_URL: await mail.start(), NOTIFICATION_MAIL_RETRY_MS: '200' });
  workers = startDocumentWorkers(stack);
  const acme = await stack.createOrganization('Acme Foods', 'acme.test');
  franckId = await stack.createUser({
    email: 'franck@acme.test',
    name: 'Franck Formateur',
    role: 'training_supervisor',
    organizationId: acme,
    password: PASSWORD,
  });
  ottoId = await stack.createUser({
    email: 'otto@acme.test',
    name: 'Otto Operator',
    role: 'operator',
    organizationId: acme,
    password: PASSWORD,
  });
  // Franck reads French and asked for his notifications by mail; Otto chose nothing: English.
  await stack.sql.query(`INSERT INTO user_preferences (user_id, language) VALUES ($1, 'fr')`, [
    franckId,
  ]);
  await stack.sql.query(
    `INSERT INTO notification_settings (user_id, email_notifications) VALUES ($1, true)`,
    [franckId],
  );
  franck = await signIn('franck@acme.test');
  otto = await signIn('otto@acme.test');
}, 120_000);

afterAll(async () => {
  await workers?.close();
  await stack?.stop();
  await mail?.stop();
});

describe('notifications of the library, observation and video services', () => {
  it('reach a French-speaking user in French, stored and mailed; others in their own', async () => {
    const uploaded = await franck.uploadTo(
      api.uploadDocument,
      { title: 'Refroidissement' },
      { name: 'cooling.pdf', data: sopPdf(COOLING_SOP) },
    );
    const documentId = uploaded.id;
    await evaluatedDocument(franck, documentId);

    const processed = await noticeTitled(franck, 'Document traité');
    expect(processed.message).toMatch(
      /^« Refroidissement » a été traité : \d+ pages?, \d+ images?\.$/,
    );
    expect((await noticeTitled(franck, 'Évaluation générée')).message).toMatch(
      /^Un brouillon d’évaluation de \d+ questions? sur « Refroidissement » est prêt à être relu\.$/,
    );
    const mailed = await mail.waitFor('franck@acme.test', /Document traité/);
    expect(mailed.text).toContain('« Refroidissement » a été traité');

    // Library -> observation: both hear of the pass, each in their language.
    await certifyOperator(franck, documentId, ottoId);
    expect((await noticeTitled(franck, 'Observation terminée')).message).toMatch(
      /^Otto Operator a réussi « Cooling cooked food » avec 100 % \(seuil de réussite : \d+ %\)\. Observation réalisée par Franck Formateur\.$/,
    );
    expect((await noticeTitled(otto, 'Observation completed')).message).toMatch(
      /^Otto Operator passed "Cooling cooked food" with 100% \(pass mark \d+%\), observed by Franck Formateur\.$/,
    );
    expect((await mail.waitFor('franck@acme.test', /Observation terminée/)).text).toContain(
      'Otto Operator a réussi',
    );
  }, 180_000);

  it('tell a French-speaking uploader in French why a video cannot be read, stored and mailed', async () => {
    // Any file the upload takes as MP4; no video worker runs, so none touches it but this message.
    const mp4 = Buffer.concat([
      Buffer.from('\0\0\0\x18ftypmp42\0\0\0\0mp42isom'),
      Buffer.alloc(64),
    ]);
    const uploaded = await franck.uploadTo(
      api.uploadVideo,
      { title: 'Poste 3', recordingDate: new Date().toISOString() },
      { name: 'poste-3.mp4', data: mp4 },
    );
    const connection = { url: stack.env.REDIS_URL!, prefix: stack.env.REDIS_PREFIX! };
    const inbox = openQueue<VideoInboxMessage>(QUEUES.videoInbox, connection);
    try {
      await inbox.add('video.unreadable', {
        kind: 'video.unreadable',
        videoId: uploaded.id,
        // The video worker's sentence (proto's FAILURE_REASONS), the decoder's detail as it wrote it.
        reason: 'The video could not be decoded: moov atom not found',
      });
    } finally {
      await inbox.close();
    }
    const worded = '« Poste 3 » : La vidéo n’a pas pu être décodée : moov atom not found';
    expect(await noticeTitled(franck, 'Vidéo illisible')).toEqual(
      expect.objectContaining({ message: worded }),
    );
    expect((await mail.waitFor('franck@acme.test', /Vidéo illisible/)).text).toContain(worded);
  }, 60_000);
});

describe("the email-change confirmation and the API's error codes", () => {
  it('mail the link in the account holder’s language', async () => {
    await franck.call(api.updateProfile, {
      body: {
        name: 'Franck Formateur',
        email: 'franck.nouveau@acme.test',
        currentPassword: PASSWORD,
      },
    });
    const confirmation = await mail.waitFor('franck.nouveau@acme.test');
    expect(confirmation.subject).toBe('Confirmez votre nouvelle adresse e-mail');
    expect(confirmation.text).toContain('Bonjour Franck Formateur,');
    expect(confirmation.text).toContain('Il ne fonctionne qu’une fois, pendant 24 heures.');
  });

  it('answer the same English message as before, with its stable code', async () => {
    const refused = await new ApiSession(stack.url).login('franck@acme.test', 'wrong-password');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({
      message: INVALID_CREDENTIALS,
      code: 'invalid_credentials',
    });
    const taken = franck.call(api.updateProfile, {
      body: { name: 'Franck Formateur', email: 'otto@acme.test', currentPassword: PASSWORD },
    });
    expect(await expectError(taken, 409)).toMatchObject({
      message: 'That email address is already used by another account.',
      code: 'email_taken',
    });
    const notPdf = franck.uploadTo(
      api.uploadDocument,
      { title: 'x' },
      { name: 'x.pdf', data: Buffer.from('not a pdf') },
    );
    expect(await expectError(notPdf, 400)).toMatchObject({
      message: 'Please select a PDF file to upload.',
      code: 'pdf_required',
    });
    const missing = franck.call(api.document, { params: { id: 999999 } });
    await expectError(missing, 404, 'document_not_found');
  });

  it("give a service's own refusal and a schema's specific sentence their codes too", async () => {
    const orphan = franck.call(api.createFolder, {
      body: { name: 'Line 4', parentFolderId: 999999 },
    });
    expect(await expectError(orphan, 400, 'parent_folder_missing')).toMatchObject({
      message: 'The parent folder does not exist.',
      field: 'parentFolderId',
    });
    const unnamed = franck.call(api.createTag, { body: { name: '  ', color: '#3b82f6' } });
    expect(await expectError(unnamed, 400, 'tag_name_required')).toMatchObject({
      message: 'Please enter a tag name.',
      field: 'name',
    });
  });
});

describe('a notice mail left owed (by an identity stopped before sending it)', () => {
  it('is sent by the running identity, which looks for owed mails as it starts and every period', async () => {
    const { rows } = await stack.sql.query<{ id: number }>(
      `INSERT INTO notifications (user_id, organization_id, type, title, message)
       SELECT id, organization_id, 'info', 'Owed notice', 'Left by a stopped service'
         FROM users WHERE id = $1 RETURNING id`,
      [franckId],
    );
    await stack.sql.query(`INSERT INTO notification_mails (notification_id) VALUES ($1)`, [
      rows[0]!.id,
    ]);
    const caught = await mail.waitFor('franck@acme.test', /^Owed notice$/, 15_000);
    expect(caught.text).toContain('Left by a stopped service');
    await expect
      .poll(async () => (await stack.sql.query(`SELECT 1 FROM notification_mails`)).rowCount)
      .toBe(0);
  });
});
