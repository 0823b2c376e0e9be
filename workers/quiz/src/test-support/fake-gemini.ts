import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GeminiCall {
  path: string;
  apiKey: string | undefined;
  body: string;
}

export type GeminiReply = { status: number; body: unknown };

/**
 * A local server speaking Gemini's REST API (`POST /v1beta/models/{model}:generateContent`):
 * it records each request and answers with the next reply given.
 */
export class FakeGemini {
  readonly calls: GeminiCall[] = [];
  private readonly replies: GeminiReply[] = [];
  private server: Server | null = null;

  static answer(text: string): GeminiReply {
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

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void readBody(request).then((body) => {
        this.calls.push({
          path: request.url ?? '',
          apiKey: request.headers['x-goog-api-key'] as string | undefined,
          body,
        });
        const reply = this.replies.shift() ?? FakeGemini.error(500, 'No reply scripted');
        response.writeHead(reply.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
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
  return Buffer.concat(chunks).toString('utf8');
}
