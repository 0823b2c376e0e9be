import { createHash, type Hash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GeminiCall {
  method: string;
  path: string;
  apiKey: string | undefined;
  body: string;
}

export type GeminiReply = { status: number; body: unknown; headers?: Record<string, string> };

/** One resumable upload as the server received it: its bytes are counted and hashed, not kept. */
export interface GeminiUpload {
  displayName: string;
  declaredBytes: number;
  mimeType: string;
  receivedBytes: number;
  chunks: number[];
  sha256: string | null;
}

interface UploadSession extends GeminiUpload {
  id: string;
  hash: Hash;
}

/**
 * A local server speaking the parts of Gemini's REST API the worker uses: resumable file upload
 * (`POST /upload/v1beta/files` with `x-goog-upload-command: start`, then chunks with `upload` and
 * `upload, finalize` at the offsets it holds, and `query`), file state (`GET /v1beta/files/{id}`, PROCESSING once, then
 * ACTIVE), deletion, and `POST /v1beta/models/{model}:generateContent`, which answers with the
 * next reply given.
 */
export class FakeGemini {
  readonly calls: GeminiCall[] = [];
  private readonly replies: GeminiReply[] = [];
  private server: Server | null = null;
  private base = '';
  private files = 0;
  /** Resumable uploads, finished or not, in the order they started. */
  readonly uploads: GeminiUpload[] = [];
  private readonly sessions = new Map<string, UploadSession>();
  /** Chunks to refuse with this status (or drop half way), in the order they come. */
  private readonly chunkFaults: ('drop' | number)[] = [];

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

  /** The next upload chunks fail: with an HTTP status, or 'drop' (half read, then cut). */
  failChunks(...faults: ('drop' | number)[]): void {
    this.chunkFaults.push(...faults);
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
    const file = /^\/v1beta\/files\/([^/?]+)/.exec(path)?.[1];
    if (file && method === 'GET') return { status: 200, body: this.file(file, 'ACTIVE') };
    if (file && method === 'DELETE') return { status: 200, body: {} };
    if (method === 'POST' && /:generateContent/.test(path)) {
      return this.replies.shift() ?? FakeGemini.error(500, 'No reply scripted');
    }
    return FakeGemini.error(404, `Not found: ${method} ${path}`);
  }

  private startUpload(request: IncomingMessage, body: string): GeminiReply {
    const header = (name: string) => request.headers[name] as string | undefined;
    if (
      header('x-goog-upload-protocol') !== 'resumable' ||
      header('x-goog-upload-command') !== 'start'
    ) {
      return FakeGemini.error(400, 'Only resumable uploads are accepted here.');
    }
    const declaredBytes = Number(header('x-goog-upload-header-content-length'));
    if (!Number.isSafeInteger(declaredBytes)) return FakeGemini.error(400, 'No content length.');
    const id = `upload${this.sessions.size + 1}`;
    const meta = JSON.parse(body || '{}') as { file?: { display_name?: string } };
    const session: UploadSession = {
      id,
      hash: createHash('sha256'),
      displayName: meta.file?.display_name ?? '',
      declaredBytes,
      mimeType: header('x-goog-upload-header-content-type') ?? '',
      receivedBytes: 0,
      chunks: [],
      sha256: null,
    };
    this.sessions.set(id, session);
    this.uploads.push(session);
    return {
      status: 200,
      body: {},
      headers: {
        'x-goog-upload-url': `${this.base}/upload/v1beta/files?upload_id=${id}&upload_protocol=resumable`,
        'x-goog-upload-status': 'active',
      },
    };
  }

  /** A chunk, read as it arrives: the video is never held here either. */
  private async uploadChunk(
    request: IncomingMessage,
    session: UploadSession,
  ): Promise<GeminiReply> {
    const command = (request.headers['x-goog-upload-command'] as string | undefined) ?? '';
    const held = { 'x-goog-upload-size-received': String(session.receivedBytes) };
    if (command === 'query') {
      await drain(request);
      return { status: 200, body: {}, headers: { ...held, 'x-goog-upload-status': 'active' } };
    }
    const offset = Number(request.headers['x-goog-upload-offset']);
    const fault = this.chunkFaults.shift();
    if (offset !== session.receivedBytes) {
      await drain(request);
      return FakeGemini.error(400, `Offset ${offset} is not ${session.receivedBytes}.`);
    }
    let bytes = 0;
    const expected = Number(request.headers['content-length']);
    // Hashed apart until the chunk is whole: a cut chunk counts for nothing.
    const hash = session.hash.copy();
    for await (const chunk of request as AsyncIterable<Buffer>) {
      if (fault === 'drop' && bytes + chunk.length > expected / 2) {
        request.socket.destroy();
        return { status: 0, body: null };
      }
      bytes += chunk.length;
      hash.update(chunk);
    }
    if (typeof fault === 'number') return FakeGemini.error(fault, 'The upload chunk was refused.');
    session.hash = hash;
    session.receivedBytes += bytes;
    session.chunks.push(bytes);
    if (!command.includes('finalize')) {
      return { status: 200, body: {}, headers: { 'x-goog-upload-status': 'active' } };
    }
    if (session.receivedBytes !== session.declaredBytes) {
      return FakeGemini.error(
        400,
        `Received ${session.receivedBytes} of ${session.declaredBytes}.`,
      );
    }
    session.sha256 = session.hash.digest('hex');
    this.files += 1;
    return {
      status: 200,
      body: { file: this.file(`video${this.files}`, 'PROCESSING') },
      headers: { 'x-goog-upload-status': 'final' },
    };
  }

  private async route(request: IncomingMessage): Promise<GeminiReply> {
    const method = request.method ?? 'GET';
    const path = request.url ?? '';
    const apiKey = request.headers['x-goog-api-key'] as string | undefined;
    const sessionId = /[?&]upload_id=([^&]+)/.exec(path)?.[1];
    if (path.startsWith('/upload/v1beta/files') && sessionId) {
      const session = this.sessions.get(sessionId);
      const command = request.headers['x-goog-upload-command'] as string | undefined;
      this.calls.push({ method, path, apiKey, body: `(${command ?? 'no command'})` });
      if (!session) return FakeGemini.error(404, 'No such upload.');
      return this.uploadChunk(request, session);
    }
    const body = await readBody(request);
    this.calls.push({ method, path, apiKey, body });
    if (method === 'POST' && path.startsWith('/upload/v1beta/files')) {
      return this.startUpload(request, body);
    }
    return this.answer(method, path);
  }

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void this.route(request).then((reply) => {
        if (reply.status === 0) return;
        response.writeHead(reply.status, {
          'content-type': 'application/json',
          ...reply.headers,
        });
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

const MAX_KEPT_BODY = 4 * 1024 * 1024;

async function drain(request: IncomingMessage): Promise<void> {
  for await (const _chunk of request);
}

/** The body as text, unless it is large (an upload the server refuses): then only its size. */
async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_KEPT_BODY) chunks.push(chunk);
  }
  if (size > MAX_KEPT_BODY) return `(${size} bytes)`;
  return chunks.length === 0 ? '' : Buffer.concat(chunks).toString('latin1');
}
