import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  api,
  type JobFunction,
  SKILLS_MATRIX_CSV_MAX_BATCH_ROWS,
  type SkillsMatrix,
} from '@hub/proto';
import { type CallOptions, expectError, parseAnswer } from './api-client.js';
import { UsersService } from '../../identity/src/users/users.service.js';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';
import { createNamedPeople, signedIn } from './tenant-fixtures.js';
import { ApiSession, startTestStack, type TestStack } from './test-stack.js';
import { type RunningWorkers, startDocumentWorkers } from './test-workers.js';
import { evaluatedDocument } from './evaluated-document.js';

const PASSWORD = 'Skills-Pass-123!';
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

let stack: TestStack;
let workers: RunningWorkers;
const id: Record<string, number> = {};
const as: Record<string, ApiSession> = {};
let cooling: { documentId: number; evaluationId: number };
let allergens: { documentId: number; evaluationId: number };
let lineCook: JobFunction;
let dishwasher: JobFunction;

async function publishedSop(title: string) {
  const tess = as.tess!;
  const uploaded = await tess.uploadTo(
    api.uploadDocument,
    { title },
    { name: `${title.toLowerCase()}.pdf`, data: sopPdf(COOLING_SOP) },
  );
  const documentId = uploaded.id;
  const sop = { documentId, ...(await evaluatedDocument(tess, documentId, 300_000)) };
  const params = { id: sop.documentId };
  await tess.call(api.updateEvaluation, {
    params,
    body: {
      title: `${title} evaluation`,
      description: title,
      keyLearningPoints: ['Cool fast.'],
      questions: QUESTIONS,
    },
  });
  await tess.call(api.publishEvaluation, { params });
  return sop;
}

/** Tess observes the operator on the SOP and records these answers (fewer leave it running). */
async function observe(
  operatorId: number,
  sop: { documentId: number; evaluationId: number },
  letters: string[],
) {
  const tess = as.tess!;
  const { id: observationId } = await tess.call(api.createObservation, {
    body: { sopDocumentId: sop.documentId, evaluationId: sop.evaluationId, operatorId },
  });
  const params = { id: observationId };
  const session = await tess.call(api.observation, { params });
  for (const [index, letter] of letters.entries()) {
    await tess.call(api.observationResponse, {
      params,
      body: {
        questionId: session.questions[index]!.id,
        selectedOption: letter,
        selectedOptionText: '',
        timeSpentSeconds: 5,
        managerNotes: '',
      },
    });
  }
}

type MatrixQuery = CallOptions<typeof api.skillsMatrix>['query'];
const matrix = (session: ApiSession, query: MatrixQuery = {}) =>
  session.call(api.skillsMatrix, { query });
const jobFunctions = async (session: ApiSession) =>
  (await session.call(api.jobFunctions)).jobFunctions;
const createJobFunction = (session: ApiSession, name: string, documentIds: number[]) =>
  session.call(api.createJobFunction, { body: { name, documentIds } });
const setMembers = (session: ApiSession, jobFunctionId: number, userIds: number[]) =>
  session.call(api.setJobFunctionMembers, { params: { id: jobFunctionId }, body: { userIds } });
/** The skills matrix as CSV, its answer unread (no session: anonymous). */
const matrixCsv = (session: ApiSession, query: MatrixQuery = {}, headers = {}) =>
  session.open(api.skillsMatrixCsv, { query, headers });
const cellOf = (view: SkillsMatrix, userId: number, documentId: number) =>
  view.rows.find((row) => row.userId === userId)?.cells.find((c) => c.documentId === documentId);

beforeAll(async () => {
  stack = await startTestStack();
  workers = startDocumentWorkers(stack);
  const acme = await stack.createOrganization('Acme Foods', 'acme.test');
  const globex = await stack.createOrganization('Globex Plant', 'globex.test');
  const people = [
    ['adam', 'Adam Admin', 'admin', acme],
    ['tess', 'Tess Trainer', 'training_supervisor', acme],
    ['mia', 'Mia Manager', 'manager', acme],
    ['otto', 'Otto Operator', 'operator', acme],
    ['olga', 'Olga Operator', 'operator', acme],
    ['pia', 'Pia Porter', 'operator', acme],
    ['gina', 'Gina Globex', 'admin', globex],
    ['gus', 'Gus Globex', 'operator', globex],
  ] as const;
  const domainOf = (organizationId: number) =>
    organizationId === acme ? 'acme.test' : 'globex.test';
  Object.assign(id, await createNamedPeople(stack, people, PASSWORD, domainOf));
  for (const [key, , , organizationId] of people) {
    as[key] = await signedIn(stack, `${key}@${domainOf(organizationId)}`, PASSWORD);
  }
  [cooling, allergens] = await Promise.all([publishedSop('Cooling'), publishedSop('Allergens')]);
  // Otto passes Cooling and is halfway through Allergens; Olga fails Cooling.
  await observe(id.otto!, cooling, ['A', 'B', 'C']);
  await observe(id.otto!, allergens, ['A']);
  await observe(id.olga!, cooling, ['C', 'C', 'A']);
}, 600_000);

afterAll(async () => {
  await workers?.close();
  await stack?.stop();
});

describe('job functions', () => {
  it('lets admins define functions with required SOPs and assign people', async () => {
    const created = await as.adam!.send(api.createJobFunction, {
      body: {
        name: 'Line cook',
        description: 'Hot line',
        documentIds: [cooling.documentId, allergens.documentId],
      },
    });
    expect(created.status).toBe(201);
    lineCook = parseAnswer(api.createJobFunction, created);
    expect(lineCook.requiredSops).toEqual([
      { documentId: allergens.documentId, title: 'Allergens' },
      { documentId: cooling.documentId, title: 'Cooling' },
    ]);
    expect(lineCook.members).toEqual([]);
    await setMembers(as.adam!, lineCook.id, [id.otto!, id.olga!]);
    dishwasher = await createJobFunction(as.adam!, 'Dishwasher', [cooling.documentId]);
    await setMembers(as.adam!, dishwasher.id, [id.pia!]);
  });

  it("shows each function's people and their coverage of the required SOPs", async () => {
    const list = await jobFunctions(as.mia!);
    expect(list.map((f) => f.name)).toEqual(['Dishwasher', 'Line cook']);
    const line = list.find((f) => f.id === lineCook.id)!;
    // By user id, the order their pages keep: Otto was made before Olga.
    expect(line.members).toEqual([
      {
        userId: id.otto,
        name: 'Otto Operator',
        role: 'operator',
        certified: 1,
        required: 2,
        coverage: 50,
        missingDocumentIds: [allergens.documentId],
      },
      {
        userId: id.olga,
        name: 'Olga Operator',
        role: 'operator',
        certified: 0,
        required: 2,
        coverage: 0,
        missingDocumentIds: [allergens.documentId, cooling.documentId],
      },
    ]);
    expect(line).toMatchObject({ memberCount: 2, membersCursor: null, coverage: 25 });
    expect(list.find((f) => f.id === dishwasher.id)!.members[0]).toMatchObject({
      userId: id.pia,
      coverage: 0,
    });
  });

  it('pages the holders after the cursor and changes some of them, the others kept', async () => {
    const params = { id: lineCook.id };
    const first = await as.mia!.call(api.jobFunctionMembers, { params, query: { limit: 1 } });
    expect(first.members.map((member) => member.userId)).toEqual([id.otto]);
    expect(first).toMatchObject({ totalCount: 2, nextCursor: expect.any(String) });
    const cursor = first.nextCursor!;
    const next = await as.mia!.call(api.jobFunctionMembers, {
      params,
      query: { cursor, limit: 1 },
    });
    expect(next.members.map((member) => member.userId)).toEqual([id.olga]);
    expect(next).toMatchObject({ totalCount: 2, nextCursor: null });
    const among = await as.mia!.call(api.jobFunctionMembers, {
      params,
      query: { among: `${id.pia},${id.olga}` },
    });
    expect(among.members.map((member) => member.userId)).toEqual([id.olga]);
    const change = (body: { add?: number[]; remove?: number[] }) =>
      as.adam!.call(api.changeJobFunctionMembers, { params, body });
    expect((await change({ add: [id.pia!] })).memberCount).toBe(3);
    const back = await change({ remove: [id.pia!] });
    expect(back.members.map((member) => member.userId)).toEqual([id.otto, id.olga]);
  });

  it("leaves a pending member out of the function's coverage, as the matrix does", async () => {
    const pending = (active: boolean) =>
      stack.sql.query(`UPDATE identity.users SET is_active = $2 WHERE id = $1`, [id.olga, active]);
    await pending(false);
    try {
      const line = (await jobFunctions(as.mia!)).find((f) => f.id === lineCook.id)!;
      expect(line.members.map((member) => member.userId)).toEqual([id.otto, id.olga]);
      expect(line.coverage).toBe(50);
    } finally {
      await pending(true);
    }
  });

  it('refuses what the roles do not allow', async () => {
    expect((await as.tess!.send(api.jobFunctions)).status).toBe(200);
    await expectError(as.otto!.call(api.jobFunctions), 403);
    await expectError(createJobFunction(as.mia!, 'Baker', []), 403);
    await expectError(setMembers(as.tess!, lineCook.id, []), 403);
    const params = { id: lineCook.id };
    await expectError(as.otto!.call(api.jobFunctionMembers, { params }), 403);
    await expectError(as.tess!.call(api.changeJobFunctionMembers, { params, body: {} }), 403);
    await expectError(as.mia!.call(api.deleteJobFunction, { params: { id: lineCook.id } }), 403);
  });

  it('validates names, SOPs and people', async () => {
    const duplicate = await expectError(createJobFunction(as.adam!, 'line COOK', []), 400);
    expect(duplicate.message).toBe('A job function with this name already exists.');
    const empty = await expectError(createJobFunction(as.adam!, '  ', []), 400);
    expect(empty.message).toBe('Please enter a job function name.');
  });

  it("keeps organizations apart: no other organization's functions, SOPs or people", async () => {
    const gina = as.gina!;
    expect(await jobFunctions(gina)).toEqual([]);
    const foreignSop = createJobFunction(gina, 'Globex cook', [cooling.documentId]);
    expect((await expectError(foreignSop, 400)).message).toBe(
      'Some of these SOPs are not processed SOPs of your organization.',
    );
    const own = await createJobFunction(gina, 'Globex cook', []);
    const foreignPerson = setMembers(gina, own.id, [id.gus!, id.otto!]);
    expect((await expectError(foreignPerson, 400)).message).toBe(
      'Some of these people are not members of your organization.',
    );
    const theirs = { params: { id: lineCook.id } };
    await expectError(
      gina.call(api.updateJobFunction, { ...theirs, invalidBody: { name: 'Mine' } }),
      404,
    );
    await expectError(gina.call(api.deleteJobFunction, theirs), 404);
    await expectError(setMembers(gina, lineCook.id, [id.gus!]), 404);
    await expectError(gina.call(api.jobFunctionMembers, theirs), 404);
    const change = { ...theirs, body: { add: [id.gus!], remove: [id.otto!] } };
    await expectError(gina.call(api.changeJobFunctionMembers, change), 404);
    await expectError(matrix(gina, { jobFunctionId: lineCook.id }), 404);
    const globexMatrix = await matrix(gina);
    expect(globexMatrix.rows.map((row) => row.name)).toEqual(['Gina Globex', 'Gus Globex']);
    expect(globexMatrix.sops).toEqual([]);
    const acme = await jobFunctions(as.adam!);
    expect(acme.map((f) => f.name)).toEqual(['Dishwasher', 'Line cook']);
    expect(acme.find((f) => f.id === lineCook.id)!.memberCount).toBe(2);
  });
});

describe('skills matrix', () => {
  it('shows each cell at the level of the latest observation, with score, date and gaps', async () => {
    const view = await matrix(as.tess!);
    expect(view.sops).toEqual([
      { documentId: allergens.documentId, title: 'Allergens', gaps: 2 },
      { documentId: cooling.documentId, title: 'Cooling', gaps: 2 },
    ]);
    expect(view.totalGaps).toBe(4);
    expect(view).toMatchObject({ page: 1, pageSize: 50, totalRows: 6, totalPages: 1 });
    expect(view.rows.map((row) => row.name)).toEqual([
      'Adam Admin',
      'Mia Manager',
      'Olga Operator',
      'Otto Operator',
      'Pia Porter',
      'Tess Trainer',
    ]);
    const otto = view.rows.find((row) => row.userId === id.otto)!;
    expect(otto).toMatchObject({ department: 'Operators', jobFunctions: ['Line cook'], gaps: 1 });
    expect(cellOf(view, id.otto!, cooling.documentId)).toMatchObject({
      level: 'certified',
      score: 100,
      required: true,
      gap: false,
    });
    expect(cellOf(view, id.otto!, cooling.documentId)!.date).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(cellOf(view, id.otto!, allergens.documentId)).toMatchObject({
      level: 'in_training',
      score: null,
      gap: true,
    });
    expect(cellOf(view, id.olga!, cooling.documentId)).toMatchObject({
      level: 'in_training',
      score: 0,
      gap: true,
    });
    expect(cellOf(view, id.pia!, cooling.documentId)).toMatchObject({
      level: 'not_trained',
      score: null,
      date: null,
      required: true,
      gap: true,
    });
    expect(cellOf(view, id.mia!, cooling.documentId)).toMatchObject({
      level: 'not_trained',
      required: false,
      gap: false,
    });
  });

  it('filters by job function, department and search', async () => {
    const line = await matrix(as.mia!, { jobFunctionId: lineCook.id });
    expect(line.rows.map((row) => row.name)).toEqual(['Olga Operator', 'Otto Operator']);
    expect(line.sops.map((sop) => sop.gaps)).toEqual([2, 1]);
    const dish = await matrix(as.mia!, { jobFunctionId: dishwasher.id });
    expect(dish.sops.map((sop) => sop.title)).toEqual(['Cooling']);
    expect((await matrix(as.mia!, { role: 'operator' })).totalRows).toBe(3);
    const searched = await matrix(as.mia!, { search: 'OTT' });
    expect(searched.rows.map((row) => row.userId)).toEqual([id.otto]);
    expect((await matrix(as.mia!, { page: 2 })).rows).toEqual([]);
  });

  it("asks identity once for a searched page's people and the gaps' selection", async () => {
    const users = stack.identity.app.get(UsersService);
    const searches = vi.spyOn(users, 'memberSearch');
    const pages = vi.spyOn(users, 'memberPage');
    try {
      const searched = await matrix(as.mia!, { search: 'OTT', jobFunctionId: lineCook.id });
      expect(searched.rows.map((row) => row.userId)).toEqual([id.otto]);
      expect(searched.sops.map((sop) => sop.gaps)).toEqual([1, 0]);
      // One search answered both (two calls searched every name of the organization four times).
      expect(searches).toHaveBeenCalledTimes(1);
      expect(searches.mock.calls[0]![0]).toMatchObject({ search: 'OTT', active: true });
      expect(pages).not.toHaveBeenCalled();
    } finally {
      searches.mockRestore();
      pages.mockRestore();
    }
  });

  it('shows an operator their own row only', async () => {
    const own = await matrix(as.otto!);
    expect(own.rows.map((row) => row.userId)).toEqual([id.otto]);
    expect(own.totalGaps).toBe(1);
    expect((await matrix(as.otto!, { search: 'olga' })).rows).toEqual([]);
  });

  it('reads expiring and expired from the certification', async () => {
    await stack.sql.query(
      `UPDATE observation.certifications SET expires_at = now() + interval '10 days' WHERE user_id = $1`,
      [id.otto],
    );
    expect(cellOf(await matrix(as.tess!), id.otto!, cooling.documentId)!.level).toBe('expiring');
    await stack.sql.query(
      `UPDATE observation.certifications SET expires_at = now() - interval '1 day' WHERE user_id = $1`,
      [id.otto],
    );
    const lapsed = await matrix(as.tess!);
    expect(cellOf(lapsed, id.otto!, cooling.documentId)).toMatchObject({
      level: 'expired',
      gap: true,
    });
    expect(lapsed.sops.find((sop) => sop.documentId === cooling.documentId)!.gaps).toBe(3);
    expect((await jobFunctions(as.tess!)).find((f) => f.id === lineCook.id)!.coverage).toBe(0);
    await stack.sql.query(
      `UPDATE observation.certifications SET expires_at = now() + interval '1 year' WHERE user_id = $1`,
      [id.otto],
    );
  });

  it('exports the matrix as a streamed CSV with the gaps per SOP last', async () => {
    const response = await matrixCsv(as.tess!, { role: 'operator' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,Email,Role,Department,Job functions,Gaps,Allergens,Cooling');
    expect(lines).toHaveLength(5);
    const otto = lines.find((line) => line.startsWith('Otto Operator'))!;
    expect(otto).toMatch(
      /^Otto Operator,otto@acme\.test,operator,Operators,Line cook,1,In training \d{4}-\d\d-\d\d,Certified 100% \d{4}-\d\d-\d\d$/,
    );
    expect(lines.at(-1)).toBe('Gaps per SOP,,,,,4,2,2');

    // No language chosen, no organization default: the browser's Accept-Language writes it.
    const spanish = await matrixCsv(
      as.tess!,
      { role: 'operator' },
      { 'accept-language': 'de-DE,es-MX;q=0.9,en;q=0.8' },
    );
    const spanishBytes = Buffer.from(await spanish.arrayBuffer());
    // The byte order mark first: Excel reads the accents right.
    expect(spanishBytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const spanishLines = new TextDecoder().decode(spanishBytes).trimEnd().split('\r\n');
    expect(spanishLines[0]).toBe(
      'Nombre,Correo electrónico,Rol,Departamento,Puestos,Brechas,Allergens,Cooling',
    );
    expect(spanishLines.find((line) => line.startsWith('Otto Operator'))).toMatch(
      /^Otto Operator,otto@acme\.test,operario,Operarios,Line cook,1,En formación \d{4}-\d\d-\d\d,Certificado 100\u00a0% \d{4}-\d\d-\d\d$/,
    );
    expect(spanishLines.at(-1)).toBe('Brechas por SOP,,,,,4,2,2');
    const refused = await matrixCsv(new ApiSession(stack.url));
    await refused.text();
    expect(refused.status).toBe(401);
    // Each file sent counts with Insights' reports generated, with its people.
    const reports = await stack.sql.query(
      `SELECT kind, rows FROM observation.report_exports WHERE created_by = $1 ORDER BY id`,
      [id.tess],
    );
    expect(reports.rows).toEqual([
      { kind: 'skills_matrix', rows: 3 },
      { kind: 'skills_matrix', rows: 3 },
    ]);
  });

  it("leaves a suspended person out of the matrix, its totals, its CSV and a function's coverage", async () => {
    const suspend = (suspended: boolean) =>
      stack.sql.query(
        `UPDATE identity.users SET suspended_at = CASE WHEN $2 THEN now() END WHERE id = $1`,
        [id.olga, suspended],
      );
    await suspend(true);
    try {
      // Olga's gaps were Allergens' and Cooling's (Line cook); Otto's and Pia's stay.
      const view = await matrix(as.tess!);
      expect(view.rows.map((row) => row.userId)).not.toContain(id.olga);
      expect(view).toMatchObject({ totalRows: 5, totalGaps: 2 });
      expect(view.sops.map((sop) => sop.gaps)).toEqual([1, 1]);
      const operators = await matrix(as.tess!, { role: 'operator' });
      expect(operators.rows.map((row) => row.userId)).toEqual([id.otto, id.pia]);
      expect(operators.totalGaps).toBe(2);
      const line = await matrix(as.mia!, { jobFunctionId: lineCook.id });
      expect(line.rows.map((row) => row.userId)).toEqual([id.otto]);
      expect(line.sops.map((sop) => sop.gaps)).toEqual([1, 0]);
      const csv = await matrixCsv(as.tess!, { role: 'operator' });
      const lines = (await csv.text()).trimEnd().split('\r\n');
      expect(lines.map((line) => line.split(',')[0])).toEqual([
        'Name',
        'Otto Operator',
        'Pia Porter',
        'Gaps per SOP',
      ]);
      expect(lines.at(-1)).toBe('Gaps per SOP,,,,,2,1,1');
      // Still listed among the function's people, but not counted in its coverage (Otto's 50).
      const cooks = (await jobFunctions(as.mia!)).find((f) => f.id === lineCook.id)!;
      expect(cooks.members.map((member) => member.userId)).toEqual([id.otto, id.olga]);
      expect(cooks.coverage).toBe(50);
    } finally {
      await suspend(false);
    }
    expect((await matrix(as.tess!)).totalRows).toBe(6);
  });

  it('changes with the members and functions', async () => {
    await setMembers(as.adam!, lineCook.id, [id.otto!]);
    const renamed = await as.adam!.call(api.updateJobFunction, {
      params: { id: lineCook.id },
      body: { name: 'Line cook II', documentIds: [cooling.documentId] },
    });
    expect(renamed).toMatchObject({ name: 'Line cook II', coverage: 100 });
    await as.adam!.call(api.deleteJobFunction, { params: { id: dishwasher.id } });
    const view = await matrix(as.tess!);
    expect(view.totalGaps).toBe(0);
    expect(view.rows.find((row) => row.userId === id.olga)!.jobFunctions).toEqual([]);
    expect(view.rows.find((row) => row.userId === id.otto)!.jobFunctions).toEqual(['Line cook II']);
  });
});

describe('the skills matrix export at size', () => {
  it('asks identity for one batch of people at a time, never the whole organization', async () => {
    const globex = (
      await stack.sql.query(`SELECT organization_id FROM users WHERE id = $1`, [id.gina])
    ).rows[0].organization_id as number;
    // More people than one batch of records holds, straight in.
    const workers = SKILLS_MATRIX_CSV_MAX_BATCH_ROWS + 250;
    const names = Array.from(
      { length: workers },
      (_, index) => `Worker ${String(index + 1).padStart(4, '0')}`,
    );
    await stack.sql.query(
      `INSERT INTO users (email, name, role, organization_id, is_active)
       SELECT 'worker' || n || '@globex.test', 'Worker ' || lpad(n::text, 4, '0'), 'operator', $1, true
         FROM generate_series(1, $2::int) n`,
      [globex, workers],
    );
    const users = stack.identity.app.get(UsersService);
    const everyone = vi.spyOn(users, 'members');
    const pages = vi.spyOn(users, 'memberPage');
    try {
      const response = await matrixCsv(as.gina!, { role: 'operator' });
      expect(response.status).toBe(200);
      const lines = (await response.text()).trimEnd().split('\r\n');
      // Header, Gus and the workers in name order over two batches, the gaps line.
      expect(lines).toHaveLength(workers + 3);
      expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual([
        'Gus Globex',
        ...names,
      ]);
      expect(lines.at(-1)).toBe('Gaps per SOP,,,,,0');
      expect(everyone.mock.calls.filter(([org]) => org === globex)).toEqual([]);
      // Two batches of people, in name order, each one page of identity's filtered query: the
      // second after the first's last person (Gus, then Workers 0001-0999), not at an offset.
      const batches = pages.mock.calls.filter(([filter]) => filter.organizationId === globex);
      expect(batches.map(([, offset, limit, after]) => [offset, limit, after?.name])).toEqual([
        [0, SKILLS_MATRIX_CSV_MAX_BATCH_ROWS, undefined],
        [0, SKILLS_MATRIX_CSV_MAX_BATCH_ROWS, names[SKILLS_MATRIX_CSV_MAX_BATCH_ROWS - 2]],
      ]);
      expect(batches[0]![0]).toMatchObject({ roles: ['operator'], active: true });
    } finally {
      everyone.mockRestore();
      pages.mockRestore();
    }
  });
});

describe('the skills matrix columns', () => {
  it('keep SOPs the library no longer has, titled as recorded: latest observation, least certification', async () => {
    const initech = await stack.createOrganization('Initech Works', 'initech.test');
    const ida = await stack.createUser({
      email: 'ida@initech.test',
      name: 'Ida Initech',
      role: 'admin',
      organizationId: initech,
      password: PASSWORD,
    });
    const ivo = await stack.createUser({
      email: 'ivo@initech.test',
      name: 'Ivo Initech',
      role: 'operator',
      organizationId: initech,
    });
    const observed = async (documentId: number, title: string, daysAgo: number) =>
      stack.sql.query(
        `INSERT INTO observation.observations (organization_id, evaluation_id, document_id,
           evaluation_title, questions, operator_id, operator_name, observer_id, observer_name,
           pass_mark, status, started_at)
         VALUES ($1, 1, $2, $3, '[]', $4, 'Ivo Initech', $5, 'Ida Initech', 80, 'in_progress',
           now() - make_interval(days => $6))`,
        [initech, documentId, title, ivo, ida, daysAgo],
      );
    const certified = async (userId: number, documentId: number, title: string) =>
      stack.sql.query(
        `INSERT INTO observation.certifications (organization_id, user_id, holder_name, kind,
           subject_id, title, validity_months, issued_at, expires_at, verification_code)
         VALUES ($1, $2, 'Someone', 'sop', $3, $4, 12, now(), now() + interval '1 year',
           md5(random()::text))`,
        [initech, userId, documentId, title],
      );
    await observed(990001, 'Mixing v1', 3);
    await observed(990001, 'Mixing v2', 1);
    await observed(990001, 'Mixing v0', 5);
    await observed(990002, 'Slicing C', 1);
    await certified(ivo, 990002, 'Slicing B');
    await certified(ida, 990002, 'Slicing A');
    await certified(ivo, 990003, 'Weighing');
    const session = new ApiSession(stack.url);
    expect((await session.login('ida@initech.test', PASSWORD)).status).toBe(200);
    const view = await matrix(session);
    expect(view.sops.map(({ documentId, title }) => ({ documentId, title }))).toEqual([
      { documentId: 990001, title: 'Mixing v2' },
      { documentId: 990002, title: 'Slicing A' },
      { documentId: 990003, title: 'Weighing' },
    ]);
  });
});
