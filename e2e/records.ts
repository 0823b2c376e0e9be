import type { Browser } from 'playwright-core';
import pg from 'pg';
import { hashPassword } from '../services/identity/src/auth/passwords.js';
import { COOLING_SOP, sopPdf } from '../services/gateway/test/sop-pdf.js';
import { launchBrowser } from './browser.js';
import { E2E_SUPER_ADMIN, type RunningStack, sharedStack } from './stack.js';

/** Real records for the Operations pages, made through the API as people would make them. */

/** The PDF and quiz workers may take a while on a cold start. */
export const PROCESSING_TIMEOUT = 120_000;

/**
 * Polls until the check holds (usable in hooks, where expect.poll is not), every 250 ms: a SOP's
 * processing takes a few seconds, and a poll a second left its file waiting half a second more
 * on average, in the hooks of ten files.
 */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Not done within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A signed-in API client (the session cookie kept between calls). */
export class Api {
  cookie = '';

  constructor(private readonly stack: RunningStack) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${this.stack.url}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const session = response.headers.get('set-cookie')?.match(/hub_session=([^;]*)/);
    if (session?.[1]) this.cookie = `hub_session=${session[1]}`;
    const text = await response.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test data read loosely
    const json: any = text ? JSON.parse(text) : undefined;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return json;
  }

  async login(email: string, password: string) {
    await this.call('POST', '/api/auth/login', { email, password });
    return this;
  }
}

export interface Person {
  name: string;
  email: string;
  role: string;
}

/** The super administrator creates an organization; returns its id. */
export async function createOrganization(stack: RunningStack, name: string, domain: string) {
  const admin = await new Api(stack).login(E2E_SUPER_ADMIN.email, E2E_SUPER_ADMIN.password);
  const organization = await admin.call('POST', '/api/admin/organizations', {
    name,
    displayName: name,
    domain,
  });
  return organization.id as number;
}

/**
 * A session on one service's schema of the stack's database for `run`, closed after it: records
 * a test needs that no route makes, or reads of a worker's result.
 */
export async function withSchema<T>(
  stack: RunningStack,
  schema: string,
  run: (sql: pg.Client) => Promise<T>,
): Promise<T> {
  const sql = new pg.Client({
    connectionString: stack.resources.databaseUrl,
    options: `-c search_path=${schema}`,
  });
  await sql.connect();
  try {
    return await run(sql);
  } finally {
    await sql.end();
  }
}

/** People straight into identity's table (sign-in is what is tested); returns their ids. */
export async function createPeople<K extends string>(
  stack: RunningStack,
  organizationId: number,
  people: Record<K, Person>,
  password: string,
): Promise<Record<K, number>> {
  const hash = await hashPassword(password);
  return withSchema(stack, 'identity', async (sql) => {
    const ids: Partial<Record<K, number>> = {};
    for (const key of Object.keys(people) as K[]) {
      const person = people[key];
      const { rows } = await sql.query<{ id: number }>(
        `INSERT INTO users (email, name, role, organization_id, password_hash, is_active)
         VALUES ($1, $2, $3, $4, $5, true) RETURNING id`,
        [person.email, person.name, person.role, organizationId, hash],
      );
      ids[key] = rows[0]!.id;
    }
    return ids as Record<K, number>;
  });
}

export interface PublishedSop {
  documentId: number;
  evaluation: { title: string; id: number; questions: { id: string; correctIndex: number }[] };
}

/** A supervisor uploads the SOP (the cooling SOP unless told) with the given tags and publishes its evaluation. */
export async function publishedSop(
  stack: RunningStack,
  supervisor: Api,
  title: string,
  tags: string,
  pdf: Buffer = sopPdf(COOLING_SOP),
): Promise<PublishedSop> {
  const form = new FormData();
  form.append('title', title);
  form.append('tags', tags);
  form.append('file', new Blob([new Uint8Array(pdf)]), 'cooling.pdf');
  const uploaded = await fetch(`${stack.url}/api/library/documents/upload`, {
    method: 'POST',
    headers: { cookie: supervisor.cookie },
    body: form,
  });
  const documentId = ((await uploaded.json()) as { id: number }).id;
  await waitFor(
    async () =>
      (await supervisor.call('GET', `/api/library/documents/${documentId}`)).evaluationGenerated ===
      true,
    PROCESSING_TIMEOUT,
  );
  await supervisor.call('POST', `/api/library/documents/${documentId}/evaluation/publish`);
  const evaluation = await supervisor.call(
    'GET',
    `/api/library/documents/${documentId}/evaluation`,
  );
  return { documentId, evaluation: evaluation as PublishedSop['evaluation'] };
}

/** The supervisor observes someone, answering right when `correct` says so. */
export async function observe(
  supervisor: Api,
  sop: PublishedSop,
  operatorId: number,
  correct: (index: number) => boolean,
) {
  const created = await supervisor.call('POST', '/api/observations/create', {
    sopDocumentId: sop.documentId,
    evaluationId: sop.evaluation.id,
    operatorId,
  });
  let result: { completed: boolean; passed: boolean | null } = { completed: false, passed: null };
  for (const [index, question] of sop.evaluation.questions.entries()) {
    const choice = correct(index) ? question.correctIndex : (question.correctIndex + 1) % 2;
    result = await supervisor.call('POST', `/api/observations/${created.id}/response`, {
      questionId: question.id,
      selectedOption: 'ABCDEFGH'[choice],
      selectedOptionText: '',
      timeSpentSeconds: 4,
      managerNotes: '',
    });
  }
  return { id: created.id as number, ...result };
}

export interface RecordsStack<K extends string> {
  stack: RunningStack;
  browser: Browser;
  organizationId: number;
  ids: Record<K, number>;
}

/**
 * The shared stack (e2e/global-setup.ts), a browser, and one organization with its people: name
 * and domain must be the file's own (`uniqueId()`), as every file shares the stack.
 */
export async function startRecordsStack<K extends string>(
  organization: string,
  domain: string,
  people: Record<K, Person>,
  password: string,
): Promise<RecordsStack<K>> {
  const stack = await sharedStack();
  const browser = await launchBrowser();
  const organizationId = await createOrganization(stack, organization, domain);
  const ids = await createPeople(stack, organizationId, people, password);
  return { stack, browser, organizationId, ids };
}

/** Closes what startRecordsStack opened, whatever of it started. */
export async function stopRecordsStack(records: { stack?: RunningStack; browser?: Browser }) {
  await records.browser?.close();
  await records.stack?.stop();
}
