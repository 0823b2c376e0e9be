import { api } from '@hub/proto';
import { COOLING_SOP, sopPdf } from './sop-pdf.js';

/** One answer the load client got: a status, or 0 when it got none in time (a hang). */
export interface Answer {
  kind: 'folder' | 'upload' | 'list';
  status: number;
  message: string;
  retryAfter: string | null;
  at: number;
  /** The folder's name or the document's id, for the writes that were acknowledged. */
  written?: string | number;
}

/** Longer than any answer should take; a request without an answer by then counts as a hang. */
const HANG_MS = 20_000;

/**
 * A small steady mixed load, as one signed-in user's clients: create a folder (a row), list
 * folders (a read), and every third round upload a PDF (a row, an object and a queued job).
 * Every answer is logged, so the test can count acknowledged writes against what is stored.
 */
export class SteadyLoad {
  readonly answers: Answer[] = [];
  private running = false;
  private loops: Promise<void>[] = [];
  private sequence = 0;
  private readonly pdf = sopPdf(COOLING_SOP);

  constructor(
    private readonly baseUrl: string,
    private readonly cookie: string,
  ) {}

  start(clients: number): void {
    this.running = true;
    this.loops = Array.from({ length: clients }, (_, client) => this.loop(client));
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  since(at: number): Answer[] {
    return this.answers.filter((answer) => answer.at >= at);
  }

  private async loop(client: number): Promise<void> {
    for (let round = 0; this.running; round += 1) {
      await this.createFolder(client);
      await this.send('list', 'GET', api.folders.path);
      if (round % 3 === 0) await this.upload(client);
      // A short pause keeps the load steady without flooding the two cores CI has.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private async createFolder(client: number): Promise<void> {
    const name = `load-${client}-${(this.sequence += 1)}`;
    const answer = await this.send('folder', 'POST', api.createFolder.path, {
      body: JSON.stringify({ name }),
      headers: { 'content-type': 'application/json' },
    });
    if (answer.status < 300) answer.written = name;
  }

  private async upload(client: number): Promise<void> {
    const form = new FormData();
    form.append('title', `Load SOP ${client}-${(this.sequence += 1)}`);
    form.append('file', new Blob([new Uint8Array(this.pdf)]), 'load.pdf');
    const answer = await this.send('upload', 'POST', api.uploadDocument.path, {
      body: form,
    });
    if (answer.status < 300) answer.written = Number(answer.id);
  }

  private async send(
    kind: Answer['kind'],
    method: string,
    path: string,
    init: { body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<Answer & { id?: unknown }> {
    let answer: Answer & { id?: unknown };
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        body: init.body,
        headers: { cookie: this.cookie, ...init.headers },
        signal: AbortSignal.timeout(HANG_MS),
      });
      const text = await response.text();
      const body = (text ? JSON.parse(text) : {}) as { message?: unknown; id?: unknown };
      answer = {
        kind,
        status: response.status,
        message: typeof body.message === 'string' ? body.message : '',
        retryAfter: response.headers.get('retry-after'),
        at: Date.now(),
        id: body.id,
      };
    } catch (error) {
      answer = { kind, status: 0, message: String(error), retryAfter: null, at: Date.now() };
    }
    this.answers.push(answer);
    return answer;
  }
}
