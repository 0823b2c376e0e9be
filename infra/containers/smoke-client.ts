// The product's API as the container smoke test (infra/containers/smoke.ts) uses it: a client
// with a session cookie, the invitation mail, uploads and their processing, a member's video.
// Built-in modules only: Node runs it by stripping the types.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fetchRetrying } from './retry.ts';
import { check, type Json, log, waitUntil } from './smoke-waits.ts';

const MAILPIT = 'http://127.0.0.1:8025';
/** The PDF and video workers' first jobs load their models and libraries: slow on 2 cores. */
export const PROCESSING_TIMEOUT_MS = 300_000;

export class Client {
  cookie = '';
  // A plain field: Node's type stripping takes no parameter properties.
  private readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  async call(method: string, route: string, body?: unknown): Promise<Json> {
    const response = await this.send(route, () => ({
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }));
    return this.answer(method, route, response);
  }

  /** A 503 with Retry-After (a dependency briefly away) is asked again, as a real client does. */
  private send(route: string, init: () => RequestInit): Promise<Response> {
    return fetchRetrying(() => fetch(`${this.base}${route}`, init()), {
      onRetry: (seconds, attempt) =>
        log(`${route}: 503 with Retry-After, asking again in ${seconds} s (attempt ${attempt})`),
    });
  }

  async upload(route: string, fields: Record<string, string>, file: Blob, fileName: string) {
    const form = new FormData();
    // Fields before the file: the gateway reads them while the file streams.
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file, fileName);
    const response = await this.send(route, () => ({
      method: 'POST',
      headers: this.cookie ? { cookie: this.cookie } : {},
      body: form,
    }));
    return this.answer('POST', route, response);
  }

  async login(email: string, password: string) {
    await this.call('POST', '/api/auth/login', { email, password });
    return this;
  }

  private async answer(method: string, route: string, response: Response): Promise<Json> {
    const session = /hub_session=([^;]*)/.exec(response.headers.get('set-cookie') ?? '');
    if (session?.[1]) this.cookie = `hub_session=${session[1]}`;
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as Json) : {};
  }
}

interface MailSummary {
  ID: string;
  To: { Address: string }[];
}

/** The invitation mailed to `address`, read from the mail catcher (Mailpit's API). */
export async function invitationLink(address: string): Promise<URL> {
  return waitUntil(`an invitation mailed to ${address}`, 60_000, async () => {
    const list = (await (await fetch(`${MAILPIT}/api/v1/messages`)).json()) as {
      messages: MailSummary[];
    };
    const mail = list.messages.find((m) => m.To.some((to) => to.Address === address));
    if (!mail) return undefined;
    const message = (await (await fetch(`${MAILPIT}/api/v1/message/${mail.ID}`)).json()) as {
      Text: string;
    };
    const link = /https?:\/\/\S+?\/(?:setup-password|enhanced-setup)\?\S+/.exec(message.Text);
    return link ? new URL(link[0]) : undefined;
  });
}

export const fileBlob = (file: string, type: string) =>
  new Blob([new Uint8Array(readFileSync(file))], { type });

export async function waitProcessed(member: Client, documentId: number) {
  return waitUntil(`document ${documentId} processed`, PROCESSING_TIMEOUT_MS, async () => {
    const document = await member.call('GET', `/api/library/documents/${documentId}`);
    check(!document.processingError, `document ${documentId}: ${String(document.processingError)}`);
    return document.processed === true ? document : undefined;
  });
}

/** A short MP4 of the member's own photos (ffmpeg on the host), two seconds each. */
export function memberVideo(photos: string[]): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'hub-smoke-video-'));
  const list = path.join(folder, 'frames.txt');
  writeFileSync(
    list,
    [...photos, photos.at(-1)].map((file) => `file '${file}'\nduration 2\n`).join(''),
  );
  const video = path.join(folder, 'shift.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'concat', '-safe', '0', '-i', list],
    ...[
      '-vf',
      'scale=640:480:force_original_aspect_ratio=decrease,pad=640:480:(ow-iw)/2:(oh-ih)/2',
    ],
    ...['-r', '10', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', video],
  ]);
  return video;
}
