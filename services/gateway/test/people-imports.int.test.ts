import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type RpcContract, skillsRpc } from '@hub/proto';
import { RpcCallError, type RpcClient } from '@hub/kit';
import { RPC } from '../../identity/src/tokens.js';
import { InvitationsService } from '../../identity/src/invitations/invitations.service.js';
import { expectError, parseAnswer } from './api-client.js';
import { PeopleImportRunner } from '../../identity/src/people-imports/people-import-runner.js';
import { MailCatcher } from './mail-catcher.js';
import { signedIn } from './tenant-fixtures.js';
import { ApiSession, SUPER_ADMIN, startTestStack, type TestStack, waitFor } from './test-stack.js';

let stack: TestStack;
let mail: MailCatcher;
let admin: ApiSession;
let acme: number;
let globex: number;
let forklift: number;
let packing: number;

beforeAll(async () => {
  mail = new MailCatcher();
  stack = await startTestStack({
    SMTP_URL: await mail.start(),
    PEOPLE_IMPORT_MAILS_PER_SECOND: '0',
  });
  acme = await stack.createOrganization('Acme Foods', 'acme.test');
  globex = await stack.createOrganization('Globex Plant', 'globex.test');
  await stack.createUser({
    email: 'ann@acme.test',
    password: 'Acme-Admin-1',
    role: 'admin',
    organizationId: acme,
  });
  await stack.createUser({ email: 'gus@globex.test', role: 'operator', organizationId: globex });
  await stack.createUser({
    email: 'otto@acme.test',
    name: 'Otto',
    role: 'operator',
    organizationId: acme,
  });
  admin = new ApiSession(stack.url);
  expect((await admin.login('ann@acme.test', 'Acme-Admin-1')).status).toBe(200);
  forklift = (await admin.call(api.createJobFunction, { body: { name: 'Forklift' } })).id;
  packing = (await admin.call(api.createJobFunction, { body: { name: 'Packing' } })).id;
});

afterAll(async () => {
  await stack?.stop();
  await mail?.stop();
});

async function preview(
  session: ApiSession,
  text: string | Buffer,
  fields: Record<string, string> = {},
) {
  const data = typeof text === 'string' ? Buffer.from(text) : text;
  return session.upload(api.previewPeopleImport.path, fields, {
    field: 'file',
    name: 'people.csv',
    data,
  });
}

/** A preview that must succeed, parsed by the route's response schema. */
async function previewed(text: string | Buffer) {
  return parseAnswer(api.previewPeopleImport, await preview(admin, text));
}

async function applyAndWait(importId: number, updateExisting = false) {
  await admin.call(api.applyPeopleImport, { body: { importId, updateExisting } });
  return await waitFor(
    () => admin.call(api.peopleImport, { params: { id: importId } }),
    (status) => status.state === 'done' || status.state === 'failed',
    60_000,
  );
}

/** A previewed file's import as a run under way, to be run here as the job's last attempt. */
async function runningImport(file: string): Promise<number> {
  const { importId } = await previewed(file);
  await stack.sql.query(
    `UPDATE people_imports SET state = 'running', update_existing = false WHERE id = $1`,
    [importId],
  );
  return importId;
}

/** The job's last attempt with `fault` in place (it answers how to undo it): it must fail. */
async function failingRun(importId: number, message: string, fault: () => () => void) {
  const undo = fault();
  try {
    await expect(stack.identity.app.get(PeopleImportRunner).run(importId, true)).rejects.toThrow(
      message,
    );
  } finally {
    undo();
  }
}

/**
 * English unless asked: the admin's browser language is remembered from their requests, so a
 * download without one would follow the Spanish or French one asked before.
 */
async function rejectedCsv(importId: number, acceptLanguage = 'en') {
  const response = await fetch(`${stack.url}/api/people-imports/${importId}/rejected.csv`, {
    headers: { cookie: admin.cookie, 'accept-language': acceptLanguage },
  });
  expect(response.status).toBe(200);
  return response.text();
}

async function members(jobFunctionId: number): Promise<string[]> {
  const list = await admin.call(api.jobFunctions);
  return list.jobFunctions
    .find((f) => f.id === jobFunctionId)!
    .members.map((m) => m.name)
    .sort();
}

// As Excel writes "CSV UTF-8" where the decimal mark is a comma: BOM, ';', CRLF, quoted cells.
const EXCEL_FILE = [
  '\uFEFFEmail;Name;Role;Job functions;Language;Time zone',
  'mia@acme.test;Mia Ruiz;operator;"Forklift;Packing";en;Europe/Paris',
  'NOAH@acme.test;"Noah ""Nono"" Lee";Training supervisor;Packing;;',
  'not-an-email;Bad Email;operator;;;',
  'mia@acme.test;Mia Again;operator;;;',
  'pia@acme.test;Pia;boss;;;',
  'quin@acme.test;Quin;operator;Welding;;',
  `ray@acme.test;${'R'.repeat(201)};operator;;;`,
  'gus@globex.test;Gus;operator;;;',
  'otto@acme.test;Otto;operator;;;',
  '=sum@acme.test;Formula Email;operator;;;',
  'eve@acme.test;"=HYPERLINK(""http://x"")";manager;;;',
  '',
].join('\r\n');

describe('people import', () => {
  it('previews an Excel file: counts and every refused row with its reason, writing nobody', async () => {
    const answer = await previewed(EXCEL_FILE);
    expect(answer.counts).toEqual({
      rows: 11,
      create: 3,
      existingChanged: 0,
      existingUnchanged: 1,
      refused: 7,
    });
    expect(answer.refusedRows).toEqual([
      {
        row: 4,
        email: 'not-an-email',
        reason: '"not-an-email" is not a valid email address.',
        code: 'email_invalid',
        params: { email: 'not-an-email' },
      },
      {
        row: 5,
        email: 'mia@acme.test',
        reason: 'Duplicate email: already on row 2.',
        code: 'email_duplicate',
        params: { row: '2' },
      },
      {
        row: 6,
        email: 'pia@acme.test',
        reason: 'Unknown role "boss" (admin, training supervisor, manager or operator).',
        code: 'role_unknown',
        params: { role: 'boss' },
      },
      {
        row: 7,
        email: 'quin@acme.test',
        reason: 'Unknown job function "Welding".',
        code: 'job_function_unknown',
        params: { name: 'Welding' },
      },
      {
        row: 8,
        email: 'ray@acme.test',
        reason: 'Name is longer than 200 characters.',
        code: 'name_too_long',
        params: { limit: '200' },
      },
      {
        row: 9,
        email: 'gus@globex.test',
        reason: 'This email is already used by another organization.',
        code: 'email_of_another_organization',
        params: {},
      },
      {
        row: 11,
        email: '=sum@acme.test',
        reason: '"=sum@acme.test" is not a valid email address.',
        code: 'email_invalid',
        params: { email: '=sum@acme.test' },
      },
    ]);
    const { rows } = await stack.sql.query(`SELECT email FROM users WHERE email LIKE 'mia%'`);
    expect(rows).toEqual([]);
  });

  it('applies: pending members invited, job functions assigned, a report of the rows not imported', async () => {
    const done = await applyAndWait((await previewed(EXCEL_FILE)).importId);
    expect(done).toMatchObject({
      state: 'done',
      totalRows: 11,
      processedRows: 11,
      created: 3,
      unchanged: 1,
      refused: 7,
      invited: 3,
    });
    const { rows } = await stack.sql.query(
      `SELECT u.email, u.name, u.role, u.is_active, p.time_zone FROM users u
         LEFT JOIN user_preferences p ON p.user_id = u.id
        WHERE u.email IN ('mia@acme.test', 'noah@acme.test', 'eve@acme.test') ORDER BY u.email`,
    );
    expect(rows).toEqual([
      {
        email: 'eve@acme.test',
        name: '=HYPERLINK("http://x")',
        role: 'manager',
        is_active: false,
        time_zone: null,
      },
      {
        email: 'mia@acme.test',
        name: 'Mia Ruiz',
        role: 'operator',
        is_active: false,
        time_zone: 'Europe/Paris',
      },
      {
        email: 'noah@acme.test',
        name: 'Noah "Nono" Lee',
        role: 'training_supervisor',
        is_active: false,
        time_zone: null,
      },
    ]);
    for (const to of ['mia@acme.test', 'noah@acme.test', 'eve@acme.test'])
      await mail.waitFor(to, /invited to Acme Foods/);
    expect(await members(forklift)).toEqual(['Mia Ruiz']);
    expect(await members(packing)).toEqual(['Mia Ruiz', 'Noah "Nono" Lee']);
    const report = await rejectedCsv(done.id);
    expect(report.split('\r\n')[0]).toBe('Row,Email,Reason');
    expect(report).toContain(
      '9,gus@globex.test,This email is already used by another organization.',
    );
    // A cell a spreadsheet would run is written as text.
    expect(report).toContain(
      `11,'=sum@acme.test,"""=sum@acme.test"" is not a valid email address."`,
    );
    // The reader's language (the browser's here: Ann chose none), header and reasons.
    const spanish = (await rejectedCsv(done.id, 'es-ES,es;q=0.9,en;q=0.5')).split('\r\n');
    expect(spanish[0]).toBe('Fila,Correo,Motivo');
    expect(spanish.slice(1, 8)).toEqual([
      '4,not-an-email,"""not-an-email"" no es una dirección de correo válida."',
      '5,mia@acme.test,Correo repetido: ya está en la fila 2.',
      '6,pia@acme.test,"Rol desconocido ""boss"" (administrador, supervisor de formación, gerente u operario)."',
      '7,quin@acme.test,"Puesto desconocido ""Welding""."',
      '8,ray@acme.test,El nombre tiene más de 200 caracteres.',
      '9,gus@globex.test,Otra organización ya usa este correo.',
      `11,'=sum@acme.test,"""=sum@acme.test"" no es una dirección de correo válida."`,
    ]);
    expect(await rejectedCsv(done.id, 'fr')).toContain(
      '9,gus@globex.test,Cet e-mail est déjà utilisé par une autre organisation.',
    );
  });

  it("imports Excel's CSV saved in Windows-1252 with its names as written", async () => {
    // Excel's "CSV (semicolon delimited)" on a European Windows: no BOM, Windows-1252 bytes
    // (ü and á as in Latin-1, Š as 0x8A), the first accent in the first chunk the gateway reads.
    const file = Buffer.concat([
      Buffer.from(
        'email;name\r\njurgen@acme.test;J\u00fcrgen M\u00fcller\r\nsimon@acme.test;',
        'latin1',
      ),
      Buffer.from([0x8a]),
      Buffer.from('imon Nov\u00e1k\r\n', 'latin1'),
    ]);
    const done = await applyAndWait((await previewed(file)).importId);
    expect(done).toMatchObject({ state: 'done', created: 2, refused: 0 });
    const { rows } = await stack.sql.query(
      `SELECT email, name FROM users WHERE email IN ('jurgen@acme.test', 'simon@acme.test') ORDER BY email`,
    );
    expect(rows).toEqual([
      { email: 'jurgen@acme.test', name: 'J\u00fcrgen M\u00fcller' },
      { email: 'simon@acme.test', name: '\u0160imon Nov\u00e1k' },
    ]);
  });

  it("imports an HR export with first and last name columns below Excel's sep= line, rows numbered as Excel shows them", async () => {
    // Excel hides its `sep=;` line: the header is row 1 on screen, the first person row 2.
    const file =
      'sep=;\r\nE-mail;First name;Last name\r\nlia@acme.test;Lia;Moreau, Jr\r\nbad-address;Bo;Lee\r\n';
    const answer = await previewed(file);
    expect(answer.counts).toMatchObject({ rows: 2, create: 1, refused: 1 });
    expect(answer.refusedRows).toEqual([
      expect.objectContaining({ row: 3, email: 'bad-address', code: 'email_invalid' }),
    ]);
    expect(await applyAndWait(answer.importId)).toMatchObject({ state: 'done', created: 1 });
    const { rows } = await stack.sql.query(`SELECT name FROM users WHERE email = 'lia@acme.test'`);
    expect(rows).toEqual([{ name: 'Lia Moreau, Jr' }]);
  });

  it('applied twice creates nobody twice and mails nobody again', async () => {
    const before = mail.mails.length;
    const answer = await previewed(EXCEL_FILE);
    expect(answer.counts).toMatchObject({ create: 0, existingUnchanged: 4, refused: 7 });
    const done = await applyAndWait(answer.importId);
    expect(done).toMatchObject({ created: 0, unchanged: 4, invited: 0 });
    const { rows } = await stack.sql.query(
      `SELECT count(*)::int AS n FROM users WHERE email = 'mia@acme.test'`,
    );
    expect(rows[0].n).toBe(1);
    // A second Apply of the same import queues nothing more.
    expect(
      await admin.call(api.applyPeopleImport, { body: { importId: answer.importId } }),
    ).toMatchObject({ state: 'done' });
    expect(mail.mails.length).toBe(before);
  });

  it('a run stopped midway and taken again creates nobody twice', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => `retry${i}@acme.test,Retry ${i}`);
    // As a run stopped after its first lines: the later lines' users and states never written,
    // the last invitation of those lines not sent.
    const importId = await runningImport(`email,name\n${lines.join('\n')}\n`);
    const first = await previewed(`email,name\n${lines.slice(0, 10).join('\n')}\n`);
    const firstId = first.importId;
    await applyAndWait(firstId);
    await stack.sql.query(
      `INSERT INTO people_import_rows (import_id, row_number, email, outcome, user_id, invited)
       SELECT $1, r.row_number, r.email, r.outcome, r.user_id, r.row_number < 11
         FROM people_import_rows r WHERE r.import_id = $2`,
      [importId, firstId],
    );
    const sent = mail.mails.length;
    await stack.identity.app.get(PeopleImportRunner).run(importId, true);
    const { rows } = await stack.sql.query(
      `SELECT count(*)::int AS users, count(DISTINCT email)::int AS emails FROM users WHERE email LIKE 'retry%'`,
    );
    expect(rows[0]).toEqual({ users: 30, emails: 30 });
    expect(await admin.call(api.peopleImport, { params: { id: importId } })).toMatchObject({
      state: 'done',
      created: 30,
      invited: 30,
    });
    // The 20 later lines, and the one invitation the stopped run had not sent.
    await expect.poll(() => mail.mails.length - sent).toBe(21);
  }, 120_000);

  it('a run failing after a batch commits assigns its job functions when resumed', async () => {
    const lines = ['kim@acme.test,Kim,Forklift', 'lou@acme.test,Lou,Forklift;Packing'];
    const importId = await runningImport(`email,name,job functions\n${lines.join('\n')}\n`);
    // The skills service unreachable right after the batch's lines committed.
    await failingRun(importId, 'skills away', () => {
      const rpc = stack.identity.app.get<RpcClient>(RPC);
      const call = rpc.call.bind(rpc);
      rpc.call = ((contract: RpcContract, request: unknown, timeoutMs?: number) =>
        contract === skillsRpc.addJobFunctionMembers
          ? Promise.reject(new RpcCallError({ kind: 'unavailable', message: 'skills away' }))
          : call(contract, request, timeoutMs)) as typeof rpc.call;
      return () => (rpc.call = call);
    });
    expect(await admin.call(api.peopleImport, { params: { id: importId } })).toMatchObject({
      state: 'failed',
      created: 2,
      invited: 0,
    });
    expect(await members(forklift)).not.toContain('Kim');
    const sent = mail.mails.length;
    // Apply again: the failed import resumes and does what the failure left.
    const done = await applyAndWait(importId);
    expect(done).toMatchObject({ state: 'done', created: 2, invited: 2, error: null });
    expect(await members(forklift)).toEqual(expect.arrayContaining(['Kim', 'Lou']));
    expect(await members(packing)).toContain('Lou');
    await expect.poll(() => mail.mails.length - sent).toBe(2);
    // Ended: a further Apply starts nothing.
    expect(await admin.call(api.applyPeopleImport, { body: { importId } })).toMatchObject({
      state: 'done',
    });
  });

  it('keeps invitations the mail server refused for the resumed import, never counted as sent', async () => {
    const lines = ['uma@acme.test,Uma', 'vic@acme.test,Vic'];
    const importId = await runningImport(`email,name\n${lines.join('\n')}\n`);
    await failingRun(
      importId,
      'Invitations could not be sent to 2 people (mail server away). Resume the import to send them.',
      () => {
        const invitations = stack.identity.app.get(InvitationsService);
        const deliver = invitations.deliver.bind(invitations);
        invitations.deliver = () => Promise.resolve({ sent: false, failure: 'mail server away' });
        return () => (invitations.deliver = deliver);
      },
    );
    expect(await admin.call(api.peopleImport, { params: { id: importId } })).toMatchObject({
      state: 'failed',
      created: 2,
      invited: 0,
    });
    const done = await applyAndWait(importId);
    expect(done).toMatchObject({ state: 'done', created: 2, invited: 2 });
    for (const to of ['uma@acme.test', 'vic@acme.test'])
      await mail.waitFor(to, /invited to Acme Foods/);
  });

  it('goes on past an address the mail server refuses for good, and never mails it again', async () => {
    const lines = ['wes@acme.test,Wes', 'xia@acme.test,Xia'];
    const importId = await runningImport(`email,name\n${lines.join('\n')}\n`);
    const invitations = stack.identity.app.get(InvitationsService);
    const deliver = invitations.deliver.bind(invitations);
    invitations.deliver = (outgoing) =>
      outgoing.to === 'wes@acme.test'
        ? Promise.resolve({ sent: false, failure: '550 no such mailbox', refusedForGood: true })
        : deliver(outgoing);
    try {
      await stack.identity.app.get(PeopleImportRunner).run(importId, true);
    } finally {
      invitations.deliver = deliver;
    }
    expect(await admin.call(api.peopleImport, { params: { id: importId } })).toMatchObject({
      state: 'done',
      created: 2,
      invited: 1,
    });
    await mail.waitFor('xia@acme.test', /invited to Acme Foods/);
    const { rows } = await stack.sql.query(
      `SELECT email, invited, invitation_refused FROM people_import_rows WHERE import_id = $1 ORDER BY row_number`,
      [importId],
    );
    expect(rows).toEqual([
      { email: 'wes@acme.test', invited: false, invitation_refused: '550 no such mailbox' },
      { email: 'xia@acme.test', invited: true, invitation_refused: null },
    ]);
  });

  it('never changes the role of whoever applies it, even when another administrator previewed it', async () => {
    await stack.createUser({
      email: 'bob@acme.test',
      name: 'Bob',
      password: 'Acme-Admin-2',
      role: 'admin',
      organizationId: acme,
    });
    const bob = new ApiSession(stack.url);
    expect((await bob.login('bob@acme.test', 'Acme-Admin-2')).status).toBe(200);
    const { importId } = await previewed('email,name,role\nbob@acme.test,Bob,operator\n');
    await bob.call(api.applyPeopleImport, { body: { importId, updateExisting: true } });
    const done = await waitFor(
      () => bob.call(api.peopleImport, { params: { id: importId } }),
      (status) => status.state === 'done' || status.state === 'failed',
      60_000,
    );
    expect(done).toMatchObject({ state: 'done', refused: 1, updated: 0 });
    expect(await rejectedCsv(importId)).toContain(
      '2,bob@acme.test,Your own role cannot be changed by an import.',
    );
    const { rows } = await stack.sql.query(`SELECT role FROM users WHERE email = 'bob@acme.test'`);
    expect(rows[0]).toEqual({ role: 'admin' });
  });

  it('changes existing members only when asked', async () => {
    const file =
      'email,name,role,job functions\r\notto@acme.test,Otto Brandt,manager,"Forklift, Packing"\r\n';
    const first = await previewed(file);
    expect(first.counts).toMatchObject({ existingChanged: 1, create: 0 });
    expect(await applyAndWait(first.importId, false)).toMatchObject({ updated: 0, unchanged: 1 });
    let { rows } = await stack.sql.query(
      `SELECT name, role FROM users WHERE email = 'otto@acme.test'`,
    );
    expect(rows[0]).toEqual({ name: 'Otto', role: 'operator' });
    const second = await previewed(file);
    expect(await applyAndWait(second.importId, true)).toMatchObject({ updated: 1 });
    ({ rows } = await stack.sql.query(
      `SELECT name, role FROM users WHERE email = 'otto@acme.test'`,
    ));
    expect(rows[0]).toEqual({ name: 'Otto Brandt', role: 'manager' });
    expect(await members(forklift)).toContain('Otto Brandt');
    // A file of emails and names only: the manager stays a manager.
    const names = await previewed('email,name\r\notto@acme.test,Otto B.\r\n');
    expect(names.counts).toMatchObject({ existingChanged: 1, refused: 0 });
    expect(await applyAndWait(names.importId, true)).toMatchObject({ updated: 1 });
    ({ rows } = await stack.sql.query(
      `SELECT name, role FROM users WHERE email = 'otto@acme.test'`,
    ));
    expect(rows[0]).toEqual({ name: 'Otto B.', role: 'manager' });
  });

  it('refuses what is no CSV, a file over 10 MB and 100,001 rows, writing nothing', async () => {
    const files = (await stack.storage.list(`org/${acme}/people-imports/`)).length;
    const pdf = await preview(
      admin,
      Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\n', 'latin1'),
    );
    expect(pdf).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('not a CSV'), code: 'csv_type' },
    });
    const binary = await preview(
      admin,
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00]),
    );
    expect(binary.status).toBe(400);
    const big = await preview(admin, `email,name\r\n${'x'.repeat(10 * 1024 * 1024 + 10)}`);
    expect(big).toMatchObject({ status: 413, body: { message: expect.stringContaining('10 MB') } });
    const lines = Array.from({ length: 100_001 }, (_, i) => `p${i}@acme.test,P ${i}`);
    const many = await preview(admin, `email,name\n${lines.join('\n')}\n`);
    expect(many).toMatchObject({
      status: 413,
      body: { message: expect.stringContaining('100,000 rows') },
    });
    const noEmail = await preview(admin, 'name,role\nAmy,operator\n');
    expect(noEmail).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('"email"') },
    });
    const unclosed = await preview(admin, 'email,name\n"amy@acme.test,Amy\n');
    expect(unclosed.status).toBe(400);
    const { rows } = await stack.sql.query(
      `SELECT count(*)::int AS n FROM users WHERE email LIKE 'p1%@acme.test'`,
    );
    expect(rows[0].n).toBe(0);
    expect(await stack.storage.list(`org/${acme}/people-imports/`)).toHaveLength(files);
  });

  it('reads a file shorter than the bytes its kind is told by, whole', async () => {
    // 12 bytes, fewer than the upload's sniff: they were lost, and the file read as empty.
    const noEmail = await preview(admin, 'foo,bar\n1,2\n');
    expect(noEmail).toMatchObject({
      status: 400,
      body: { code: 'csv_columns_missing', params: { column: 'email' } },
    });
  });

  it('keeps each organization to itself', async () => {
    const { importId } = await previewed('email,name\nzed@acme.test,Zed\n');
    await stack.createUser({
      email: 'gina@globex.test',
      password: 'Globex-Admin-1',
      role: 'admin',
      organizationId: globex,
    });
    const gina = await signedIn(stack, 'gina@globex.test', 'Globex-Admin-1');
    await expectError(gina.call(api.peopleImport, { params: { id: importId } }), 404);
    await expectError(gina.call(api.applyPeopleImport, { body: { importId } }), 404);
    expect(
      (await preview(gina, 'email,name\nzed@acme.test,Zed\n', { organizationId: String(acme) }))
        .status,
    ).toBe(403);
    await stack.createUser({
      email: 'op@acme.test',
      password: 'Acme-Staff-1',
      role: 'operator',
      organizationId: acme,
    });
    const operator = await signedIn(stack, 'op@acme.test', 'Acme-Staff-1');
    expect((await preview(operator, 'email,name\nzed@acme.test,Zed\n')).status).toBe(403);
    const root = await signedIn(stack, SUPER_ADMIN.email, SUPER_ADMIN.password);
    expect((await preview(root, 'email,name\nzed@acme.test,Zed\n')).status).toBe(400);
    const forGlobex = await preview(root, 'email,name\nzoe@globex.test,Zoe\n', {
      organizationId: String(globex),
    });
    expect(forGlobex.body).toMatchObject({ counts: { create: 1 } });
    await root.call(api.peopleImport, { params: { id: importId } });
  });
});
