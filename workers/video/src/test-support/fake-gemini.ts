import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GeminiCall {
  method: string;
  path: string;
  apiKey: string | undefined;
  body: string;
}

export type GeminiReply = { status: number; body: unknown };

/**
 * A local server speaking the parts of Gemini's REST API the worker uses: file upload
 * (`POST /upload/v1beta/files`), file state (`GET /v1beta/files/{id}`, PROCESSING once, then
 * ACTIVE), deletion, and `POST /v1beta/models/{model}:generateContent`, which answers with the
 * next reply given.
 */
export class FakeGemini {
  readonly calls: GeminiCall[] = [];
  private readonly replies: GeminiReply[] = [];
  private server: Server | null = null;
  private base = '';
  private files = 0;

  static answer(value: unknown): GeminiReply {
    const text = JSON.stringify(value);
    return {
      status: 200,
      body: {
        candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP' }],
      },
    };
  }

  static error(status: number, message: string): GeminiReply {
    return { status, body: { error: { code: status, message, status: 'ERROR' } } };
  }

  reply(...replies: GeminiReply[]): void {
    this.replies.push(...replies);
  }

  private file(id: string, state: string) {
    return {
      name: `files/${id}`,
      uri: `${this.base}/v1beta/files/${id}`,
      mimeType: 'video/mp4',
      state,
    };
  }

  private answer(method: string, path: string): GeminiReply {
    if (method === 'POST' && path.startsWith('/upload/v1beta/files')) {
      this.files += 1;
      return { status: 200, body: { file: this.file(`video${this.files}`, 'PROCESSING') } };
    }
    const file = /^\/v1beta\/files\/([^/?]+)/.exec(path)?.[1];
    if (file && method === 'GET') return { status: 200, body: this.file(file, 'ACTIVE') };
    if (file && method === 'DELETE') return { status: 200, body: {} };
    if (method === 'POST' && /:generateContent/.test(path)) {
      return this.replies.shift() ?? FakeGemini.error(500, 'No reply scripted');
    }
    return FakeGemini.error(404, `Not found: ${method} ${path}`);
  }

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void readBody(request).then((body) => {
        const method = request.method ?? 'GET';
        const path = request.url ?? '';
        const apiKey = request.headers['x-goog-api-key'] as string | undefined;
        this.calls.push({ method, path, apiKey, body });
        const reply = this.answer(method, path);
        response.writeHead(reply.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.base;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length === 0 ? '' : Buffer.concat(chunks).toString('latin1');
}
