import { api, type Role, type RouteContract } from '@hub/proto';
import type { PublishedSop } from '../e2e/records.js';
import type { Recorder } from './load-stats.js';

/**
 * Simulated users: each signs in, then until the end browses the pages of its role (every
 * parameterless GET route of proto's table the role may call), and, as a training supervisor,
 * uploads SOPs and takes observations of operators; a pause of a human's order between steps.
 * Every answer that is not 2xx, and every request that fails, is an error.
 */

export interface SimulatedUser {
  email: string;
  role: Role;
}

export interface LoadPlan {
  url: string;
  password: string;
  users: SimulatedUser[];
  /** Operators the supervisors observe. */
  operatorIds: number[];
  sop: PublishedSop;
  pdf: Buffer;
  /** The longest the load runs. */
  durationMs: number;
  /** Ends the load sooner: when the trial it accompanies is over. */
  stopped?: () => boolean;
  /** Each user signs out and in again this often. */
  sessionMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
/** A person reads, clicks, types: 0.3-1.5 s between two requests. */
const think = () => sleep(300 + Math.random() * 1200);

/** The routes a role browses: GET, no path parameter, no required query, not an export. */
export function browsingRoutes(role: Role): RouteContract[] {
  return Object.values(api as Record<string, RouteContract>).filter(
    (route) =>
      route.method === 'GET' &&
      !route.path.includes(':') &&
      !route.path.endsWith('.csv') &&
      route.access !== 'public' &&
      route.access.includes(role) &&
      (route.query?.safeParse({}).success ?? true),
  );
}

/** One user's HTTP client: keeps the session cookie and records every request. */
class Client {
  private cookie = '';

  constructor(
    private readonly plan: LoadPlan,
    private readonly recorder: Recorder,
  ) {}

  async send(route: string, method: string, path: string, body?: unknown): Promise<unknown> {
    const isForm = body instanceof FormData;
    const started = performance.now();
    let failure: string | undefined;
    let answer: unknown;
    try {
      const response = await fetch(`${this.plan.url}${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          ...(body === undefined || isForm ? {} : { 'Content-Type': 'application/json' }),
          ...(this.cookie ? { cookie: this.cookie } : {}),
        },
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      });
      const session = response.headers.get('set-cookie')?.match(/hub_session=([^;]*)/);
      if (session?.[1] !== undefined) this.cookie = `hub_session=${session[1]}`;
      const text = await response.text();
      if (!response.ok) failure = `${response.status} ${text.slice(0, 200)}`;
      else
        answer =
          text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    } catch (error) {
      failure =
        error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error);
    }
    this.recorder.record(`${method} ${route}`, performance.now() - started, failure);
    if (failure !== undefined) throw new Error(failure);
    return answer;
  }
}

async function signIn(client: Client, user: SimulatedUser, password: string) {
  await client.send('/api/auth/login', 'POST', '/api/auth/login', { email: user.email, password });
}

async function upload(client: Client, plan: LoadPlan) {
  const form = new FormData();
  form.append('title', `Load SOP ${Math.random().toString(36).slice(2, 10)}`);
  form.append('file', new Blob([new Uint8Array(plan.pdf)], { type: 'application/pdf' }), 'sop.pdf');
  await client.send('/api/library/documents/upload', 'POST', '/api/library/documents/upload', form);
}

/** A whole observation: started, each question answered (half of them right), so it completes. */
async function observe(client: Client, plan: LoadPlan) {
  const { sop } = plan;
  const created = (await client.send(
    '/api/observations/create',
    'POST',
    '/api/observations/create',
    {
      sopDocumentId: sop.documentId,
      evaluationId: sop.evaluation.id,
      operatorId: pick(plan.operatorIds),
    },
  )) as { id: number };
  for (const question of sop.evaluation.questions) {
    await think();
    const right = Math.random() < 0.5;
    await client.send(
      '/api/observations/:id/response',
      'POST',
      `/api/observations/${created.id}/response`,
      {
        questionId: question.id,
        selectedOption: 'ABCDEFGH'[right ? question.correctIndex : (question.correctIndex + 1) % 2],
        selectedOptionText: '',
        timeSpentSeconds: 4,
        managerNotes: '',
      },
    );
  }
}

async function step(client: Client, plan: LoadPlan, user: SimulatedUser, routes: RouteContract[]) {
  const chance = Math.random();
  if (user.role === 'training_supervisor' && chance < 0.04) return upload(client, plan);
  if (user.role === 'training_supervisor' && chance < 0.12) return observe(client, plan);
  const route = pick(routes);
  return client.send(route.path, 'GET', route.path);
}

async function runUser(plan: LoadPlan, user: SimulatedUser, recorder: Recorder, end: number) {
  const client = new Client(plan, recorder);
  const routes = browsingRoutes(user.role);
  const before = (time: number) => Date.now() < time && !plan.stopped?.();
  // Users arrive over the first few seconds, not all in the same millisecond.
  await sleep(Math.random() * Math.min(5000, plan.durationMs / 4));
  while (before(end)) {
    const sessionEnd = Math.min(end, Date.now() + plan.sessionMs);
    try {
      await signIn(client, user, plan.password);
      while (before(sessionEnd)) {
        await step(client, plan, user, routes).catch(() => undefined);
        await think();
      }
      if (before(end)) await client.send('/api/auth/logout', 'POST', '/api/auth/logout');
    } catch {
      // Counted by the recorder; the user carries on as a person would, after a pause.
      await think();
    }
  }
}

/** Runs every user until the plan's duration has passed or the plan says it has stopped. */
export async function runLoad(plan: LoadPlan, recorder: Recorder): Promise<void> {
  const end = Date.now() + plan.durationMs;
  await Promise.all(plan.users.map((user) => runUser(plan, user, recorder, end)));
}
