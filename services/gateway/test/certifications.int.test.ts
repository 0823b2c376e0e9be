import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Certification } from '@hub/proto';
import { type CallOptions, expectError } from './api-client.js';
import { openPdf } from '../../../workers/pdf/src/extraction/pdfjs.ts';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { signedIn } from './tenant-fixtures.js';
import { ApiSession, startTestStack, type TestStack } from './test-stack.js';
import { type RunningWorkers, startDocumentWorkers } from './test-workers.js';
import { evaluatedDocument } from './evaluated-document.js';
import { CompletionEffects } from '../../observation/src/observations/completion-effects.js';

/** Correct answers A, B, C; the evaluation is replaced by these so the test picks the score. */
const QUESTIONS = [
  { text: 'Cool from 63 °C to 21 °C within?', options: ['2 hours', '4 hours', '6 hours'] },
  { text: 'Store cooled food at?', options: ['8 °C', '3 °C or below', '12 °C'] },
  { text: 'Shallow containers at most?', options: ['10 cm', '20 cm', '5 cm'] },
].map((question, index) => ({
  ...question,
  correctIndex: index,
  category: 'Safety',
  explanation: 'From the SOP.',
  sourcePassage: 'Cooling Cooked Food',
}));
const ALL_RIGHT = ['A', 'B', 'C'];
const ALL_WRONG = ['C', 'C', 'A'];

let stack: TestStack;
let workers: RunningWorkers;
let tess: ApiSession;
let otto: ApiSession;
let olga: ApiSession;
let adam: ApiSession;
let mia: ApiSession;
let gina: ApiSession;
let ottoId: number;
let documentId: number;
let evaluationId: number;
let acme: number;

async function signIn(email: string, password: string) {
  return signedIn(stack, email, password);
}

/** Tess observes Otto and records these answers; returns the observation's result. */
async function observeOtto(letters: string[]) {
  const { id } = await tess.call(api.createObservation, {
    body: { sopDocumentId: documentId, evaluationId, operatorId: ottoId },
  });
  const session = await tess.call(api.observation, { params: { id } });
  let last = {};
  for (const [index, letter] of letters.entries()) {
    last = await tess.call(api.observationResponse, {
      params: { id },
      body: {
        questionId: session.questions[index]!.id,
        selectedOption: letter,
        selectedOptionText: '',
        timeSpentSeconds: 5,
        managerNotes: '',
      },
    });
  }
  return last;
}

const list = (session: ApiSession, query: CallOptions<typeof api.certifications>['query'] = {}) =>
  session.call(api.certifications, { query });

/** The certificate's PDF answer, its bytes unread (no session: an anonymous download). */
function download(session: ApiSession | null, id: number) {
  return (session ?? new ApiSession(stack.url)).open(api.certificatePdf, { params: { id } });
}

const verify = (code: string) =>
  new ApiSession(stack.url).send(api.verifyCertification, { params: { code } });

async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const pdf = await openPdf(new Uint8Array(bytes));
  const content = await (await pdf.getPage(1)).getTextContent();
  const text = content.items.map((item) => ('str' in item ? item.str : '')).join('\n');
  await pdf.destroy();
  return text;
}

const titlesOf = async (session: ApiSession) =>
  (await session.call(api.notifications)).notifications.map((notice) => notice.title);

beforeAll(async () => {
  stack = await startTestStack();
  workers = startDocumentWorkers(stack);
  acme = await stack.createOrganization('Acme Foods', 'acme.test');
  const globex = await stack.createOrganization('Globex Plant', 'globex.test');
  const users = [
    ['tess@acme.test', 'Tess Trainer', 'training_supervisor', acme],
    ['otto@acme.test', 'Otto Operator', 'operator', acme],
    ['olga@acme.test', 'Olga Operator', 'operator', acme],
    ['adam@acme.test', 'Adam Admin', 'admin', acme],
    ['mia@acme.test', 'Mia Manager', 'manager', acme],
    ['gina@globex.test', 'Gina Globex', 'admin', globex],
  ] as const;
  for (const [email, name, role, organizationId] of users) {
    const id = await stack.createUser({
      email,
      name,
      role,
      organizationId,
      password: 'Cert-Pass-123!',
    });
    if (email === 'otto@acme.test') ottoId = id;
  }
  const sessions = await Promise.all(users.map(([email]) => signIn(email, 'Cert-Pass-123!')));
  [tess, otto, olga, adam, mia, gina] = sessions as [
    ApiSession,
    ApiSession,
    ApiSession,
    ApiSession,
    ApiSession,
    ApiSession,
  ];
  const uploaded = await tess.uploadTo(
    api.uploadDocument,
    { title: 'Cooling', tags: 'Safety & Compliance, Kitchen' },
    { name: 'cooling.pdf', data: sopPdf(COOLING_SOP) },
  );
  documentId = uploaded.id;
  evaluationId = (await evaluatedDocument(tess, documentId)).evaluationId;
  const document = { params: { id: documentId } };
  await tess.call(api.updateEvaluation, {
    ...document,
    body: {
      title: 'Cooling cooked food',
      description: 'Cooling',
      keyLearningPoints: ['Cool fast.'],
      questions: QUESTIONS,
    },
  });
  await tess.call(api.publishEvaluation, document);
});

afterAll(async () => {
  await workers?.close();
  await stack?.stop();
});

describe('certifications', () => {
  let first: Certification;

  it('issues nothing for a failed observation, and a certification for a pass', async () => {
    expect(await observeOtto(ALL_WRONG)).toMatchObject({ completed: true, passed: false });
    expect((await list(tess)).certifications).toEqual([]);
    expect(await observeOtto(ALL_RIGHT)).toMatchObject({ completed: true, passed: true });
    const { certifications, summary, categories } = await list(tess);
    expect(certifications).toHaveLength(1);
    first = certifications[0]!;
    expect(first).toMatchObject({
      userId: ottoId,
      holderName: 'Otto Operator',
      kind: 'sop',
      subjectId: documentId,
      title: 'Cooling cooked food',
      score: 100,
      validityMonths: 12,
      state: 'active',
    });
    expect(first.categories.sort()).toEqual(['Kitchen', 'Safety & Compliance']);
    const issued = new Date(first.issuedAt);
    const expires = new Date(first.expiresAt);
    expect(expires.getUTCFullYear() - issued.getUTCFullYear()).toBe(1);
    expect(expires.getUTCMonth()).toBe(issued.getUTCMonth());
    expect(first.verificationCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(summary).toMatchObject({
      active: 1,
      completedThisMonth: 1,
      expiringSoon: 0,
      overdue: 0,
    });
    expect(categories).toEqual([
      { name: 'Kitchen', count: 1 },
      { name: 'Safety & Compliance', count: 1 },
    ]);
  });

  it('shows an operator only their own, and staff the whole organization with filters', async () => {
    expect((await list(otto)).certifications.map((c) => c.id)).toEqual([first.id]);
    const olgaView = await list(olga);
    expect(olgaView.certifications).toEqual([]);
    expect(olgaView.summary.active).toBe(0);
    expect((await list(olga, { userId: ottoId })).certifications).toEqual([]);
    expect((await list(mia, { userId: ottoId })).certifications).toHaveLength(1);
    const activeOfDocument = await list(mia, { documentId, state: 'active' });
    expect(activeOfDocument.certifications).toHaveLength(1);
    expect((await list(mia, { state: 'expired' })).certifications).toEqual([]);
    await expectError(mia.call(api.certifications, { invalidQuery: { state: 'lost' } }), 400);
  });

  it('keeps other organizations out entirely', async () => {
    const globexView = await list(gina);
    expect(globexView.certifications).toEqual([]);
    expect(globexView.summary.active).toBe(0);
    expect((await download(gina, first.id)).status).toBe(404);
    const revoke = { params: { id: first.id }, body: { reason: 'x' } };
    await expectError(gina.call(api.revokeCertification, revoke), 404);
    expect((await download(olga, first.id)).status).toBe(404);
    expect((await download(null, first.id)).status).toBe(401);
  });

  it('prints the certificate as a PDF with holder, SOP, dates and verification code', async () => {
    const response = await download(otto, first.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename=".+\.pdf"/);
    const bytes = await response.arrayBuffer();
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    const day = (iso: string) =>
      new Date(iso).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
    for (const expected of [
      'Otto Operator',
      'Cooling cooked food',
      first.verificationCode,
      day(first.issuedAt),
      day(first.expiresAt),
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("prints a Spanish-speaking operator's certificate in Spanish, whoever downloads it", async () => {
    const preferences = await otto.call(api.userPreferences);
    await otto.call(api.updateUserPreferences, { body: { ...preferences, language: 'es' } });
    const day = (iso: string) =>
      new Date(iso).toLocaleDateString('es', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
    // The trainer reads English (no choice, no organization default, no browser language sent).
    for (const session of [otto, tess]) {
      const text = await pdfText(await (await download(session, first.id)).arrayBuffer());
      for (const expected of [
        'Certificado de Competencia',
        'Se certifica que',
        'Otto Operator',
        `Emitido el ${day(first.issuedAt)}`,
        `Válido hasta el ${day(first.expiresAt)}`,
        'Estado al imprimir: Vigente',
        `Código de verificación: ${first.verificationCode}`,
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('Certificate of Competence');
    }
    await otto.call(api.updateUserPreferences, { body: { ...preferences, language: null } });
    const english = await pdfText(await (await download(otto, first.id)).arrayBuffer());
    expect(english).toContain('Certificate of Competence');
  });

  it("dates the certificate on the holder's calendar, else their organization's", async () => {
    const day = (iso: string, timeZone: string) =>
      new Date(iso).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone,
      });
    // 25 hours apart, these two never share a date, and one of them is not on UTC's.
    const zones = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'];
    const plant = zones.find((zone) => day(first.issuedAt, zone) !== day(first.issuedAt, 'UTC'))!;
    const holder = zones.find((zone) => zone !== plant)!;
    const printed = async () => pdfText(await (await download(tess, first.id)).arrayBuffer());
    const settings = await adam.call(api.organizationSettings);
    await adam.call(api.updateOrganizationSettings, {
      body: { ...settings, defaultTimeZone: plant },
    });
    // Otto chose no zone and no device of his ever said one.
    const onPlantTime = await printed();
    expect(onPlantTime).toContain(`Issued ${day(first.issuedAt, plant)}`);
    expect(onPlantTime).toContain(`Valid until ${day(first.expiresAt, plant)}`);

    const preferences = await otto.call(api.userPreferences);
    await otto.call(api.updateUserPreferences, { body: { ...preferences, timeZone: holder } });
    expect(await printed()).toContain(`Issued ${day(first.issuedAt, holder)}`);
    await otto.call(api.updateUserPreferences, { body: preferences });
    await adam.call(api.updateOrganizationSettings, { body: settings });
  });

  it('verifies a code publicly with non-sensitive facts only', async () => {
    // The answer as sent: a response schema would hide any more sensitive field.
    const verified = await verify(first.verificationCode.toLowerCase());
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      valid: true,
      state: 'active',
      holderName: 'Otto Operator',
      title: 'Cooling cooked food',
      issuedAt: first.issuedAt,
      expiresAt: first.expiresAt,
    });
    const unknown = new ApiSession(stack.url).call(api.verifyCertification, {
      params: { code: 'AAAA-BBBB-CCCC' },
    });
    expect((await expectError(unknown, 404)).message).toBe(
      'No certificate has this verification code.',
    );
  });

  it('notifies the holder once when expiring soon and once when expired, supervisors in a digest', async () => {
    const setExpiry = (interval: string) =>
      stack.sql.query(
        `UPDATE observation.certifications SET expires_at = now() + $2::interval WHERE id = $1`,
        [first.id, interval],
      );
    await setExpiry('10 days');
    expect((await list(tess)).summary).toMatchObject({ active: 0, expiringSoon: 1 });
    expect(await stack.observation.expirySweep.run()).toBe(1);
    expect(await stack.observation.expirySweep.run()).toBe(0);
    const expiringFor = async (session: ApiSession) =>
      (await titlesOf(session)).filter((title) => title === 'Certification expiring soon').length;
    expect(await expiringFor(otto)).toBe(1);
    // Tess (training supervisor, and the observer) hears of it in the day's digest.
    expect(await expiringFor(tess)).toBe(0);
    const digestsOf = async (session: ApiSession) =>
      (await titlesOf(session)).filter((title) => title === 'Certifications due for renewal');
    expect(await digestsOf(tess)).toHaveLength(1);
    expect(await expiringFor(olga)).toBe(0);
    expect(await expiringFor(gina)).toBe(0);

    await setExpiry('-1 day');
    expect((await list(tess, { state: 'expired' })).certifications).toHaveLength(1);
    expect((await list(tess)).summary).toMatchObject({ expiringSoon: 0, overdue: 1 });
    expect(await stack.observation.expirySweep.run()).toBe(1);
    expect(await stack.observation.expirySweep.run()).toBe(0);
    expect(
      (await titlesOf(otto)).filter((title) => title === 'Certification expired'),
    ).toHaveLength(1);
    // Today's digest went out: the expiry is in tomorrow's.
    expect(await digestsOf(tess)).toHaveLength(1);
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    expect(await stack.observation.expirySweep.run(tomorrow)).toBe(0);
    expect(await digestsOf(tess)).toHaveLength(2);
    expect(await digestsOf(mia)).toHaveLength(0);
    const verified = await verify(first.verificationCode);
    expect(verified.body).toMatchObject({ valid: false, state: 'expired' });
  });

  it('renews on a new pass with the validity in force, keeping the record and its code', async () => {
    const sixMonths = { params: { id: documentId }, body: { validityMonths: 6 } };
    await expectError(mia.call(api.saveSopValidity, sixMonths), 403);
    const saved = await tess.call(api.saveSopValidity, sixMonths);
    expect(saved).toEqual({
      defaultValidityMonths: 12,
      sops: [{ documentId, validityMonths: 6 }],
    });
    const none = tess.call(api.saveCertificationSettings, { body: { defaultValidityMonths: 0 } });
    expect(await expectError(none, 400)).toMatchObject({
      message: 'Validity must be between 1 and 120 months.',
    });
    await observeOtto(ALL_RIGHT);
    const [renewed] = (await list(tess)).certifications;
    expect(renewed).toMatchObject({
      id: first.id,
      verificationCode: first.verificationCode,
      validityMonths: 6,
      state: 'active',
    });
    expect(new Date(renewed!.issuedAt).getTime()).toBeGreaterThan(
      new Date(first.issuedAt).getTime(),
    );
    await setExpiryAndSweep(first.id, '5 days');
    expect(
      (await titlesOf(otto)).filter((title) => title === 'Certification expiring soon'),
    ).toHaveLength(2);
  });

  it('lets only administrators revoke, and a later pass issues it again', async () => {
    const revoke = (session: ApiSession, reason = 'Observed unsafe cooling') =>
      session.call(api.revokeCertification, { params: { id: first.id }, body: { reason } });
    await expectError(revoke(otto), 403);
    await expectError(revoke(tess), 403);
    expect(await expectError(revoke(adam, ' '), 400)).toMatchObject({
      message: 'Please give a reason for revoking this certification.',
    });
    const revoked = await revoke(adam);
    expect(revoked).toMatchObject({
      state: 'revoked',
      revokedReason: 'Observed unsafe cooling',
    });
    // Revoking it again is the same revocation: who revoked it and why stay the first's.
    expect(await revoke(adam, 'Second thoughts')).toMatchObject({
      revokedAt: revoked.revokedAt,
      revokedReason: 'Observed unsafe cooling',
    });
    const verified = await verify(first.verificationCode);
    expect(verified.body).toMatchObject({ valid: false, state: 'revoked' });
    expect((await list(tess)).summary).toMatchObject({ active: 0, revoked: 1 });
    expect((await list(tess)).categories).toEqual([]);
    await observeOtto(ALL_RIGHT);
    expect((await list(tess)).certifications[0]).toMatchObject({
      id: first.id,
      state: 'active',
      revokedAt: null,
    });
  });

  it('certifies a completed course, in its category', async () => {
    const course = await tess.call(api.createCourse, {
      body: {
        title: 'Food safety basics',
        description: 'Cooling and storage',
        category: 'Food safety',
        duration: '1 hour',
        difficulty: 'Beginner',
        documentIds: [documentId],
      },
    });
    const courseId = course.id;
    await otto.call(api.enroll, { params: { id: courseId } });
    await observeOtto(ALL_RIGHT);
    const courses = (await list(otto, { courseId })).certifications;
    expect(courses).toHaveLength(1);
    expect(courses[0]).toMatchObject({
      kind: 'course',
      subjectId: courseId,
      title: 'Food safety basics',
      categories: ['Food safety'],
      validityMonths: 12,
      state: 'active',
    });
    expect((await list(tess)).categories).toContainEqual({ name: 'Food safety', count: 1 });
  });

  it('issues a course certificate that failed after its completion on the next pass', async () => {
    const course = await tess.call(api.createCourse, {
      body: {
        title: 'Cooling again',
        category: 'Food safety',
        duration: '1 hour',
        difficulty: 'Beginner',
        documentIds: [documentId],
      },
    });
    const db = stack.observation.dataSource;
    // A counter the certificate's trigger writes, and the completion itself does not.
    await db.query(`ALTER TABLE certification_months RENAME TO certification_months_away`);
    // Otto passed its SOP already: enrolling completes the course.
    const enrolled = await otto
      .call(api.enroll, { params: { id: course.id } })
      .finally(() =>
        db.query(`ALTER TABLE certification_months_away RENAME TO certification_months`),
      );
    expect(enrolled.status).toBe('completed');
    expect((await list(otto, { courseId: course.id })).certifications).toEqual([]);

    // A minute later: its retry is due.
    await db.query(`UPDATE course_certificates_owed SET next_attempt_at = now()`);
    await stack.observation.app.get(CompletionEffects).settle();
    const [certificate] = (await list(otto, { courseId: course.id })).certifications;
    const [{ completed_at }] = (await db.query(
      `SELECT completed_at FROM enrollments WHERE course_id = $1 AND user_id = $2`,
      [course.id, ottoId],
    )) as [{ completed_at: Date }];
    expect(certificate).toMatchObject({ kind: 'course', issuedAt: completed_at.toISOString() });
    expect(await db.query(`SELECT * FROM course_certificates_owed`)).toEqual([]);
  });

  it("completes no suspended person's course when its SOPs are edited", async () => {
    const sid = await stack.createUser({
      email: 'sid@acme.test',
      role: 'operator',
      organizationId: acme,
    });
    const body = {
      title: 'Cooling refresher',
      category: 'Food safety',
      duration: '1 hour',
      difficulty: 'Beginner' as const,
      documentIds: [documentId],
    };
    const { id: courseId } = await tess.call(api.createCourse, { body });
    // Enrolled, and the SOP passed, before the organization suspended them.
    await stack.sql.query(
      `INSERT INTO observation.enrollments (course_id, user_id) VALUES ($1, $2)`,
      [courseId, sid],
    );
    await stack.sql.query(
      `INSERT INTO observation.observations
         (organization_id, evaluation_id, document_id, evaluation_title, questions, operator_id,
          operator_name, observer_id, observer_name, status, pass_mark, score, passed,
          started_at, completed_at)
       VALUES ($1, $2, $3, 'Cooling', '[]'::jsonb, $4, 'sid', $4, 'Tess Trainer', 'completed',
               80, 100, true, now() - interval '1 day', now() - interval '1 day')`,
      [acme, evaluationId, documentId, sid],
    );
    await stack.sql.query(`UPDATE identity.users SET suspended_at = now() WHERE id = $1`, [sid]);

    await tess.call(api.updateCourse, {
      params: { id: courseId },
      body: { ...body, dueDate: null },
    });
    const { rows } = await stack.sql.query(
      `SELECT (SELECT completed_at FROM observation.enrollments WHERE course_id = $1 AND user_id = $2) AS completed_at,
              (SELECT count(*)::int FROM observation.certifications
                WHERE kind = 'course' AND subject_id = $1 AND user_id = $2) AS certified`,
      [courseId, sid],
    );
    expect(rows[0]).toEqual({ completed_at: null, certified: 0 });
  });
});

async function setExpiryAndSweep(id: number, interval: string) {
  await stack.sql.query(
    `UPDATE observation.certifications SET expires_at = now() + $2::interval WHERE id = $1`,
    [id, interval],
  );
  await stack.observation.expirySweep.run();
}
