// The container smoke test (`npm run test:containers`, after infra/scripts/test-containers.sh has
// built the images): the compose stack of docker-compose.yml + infra/docker/compose.offline.yml
// started from empty volumes, then used through the product's HTTP API as people use it:
// the super administrator signs in, creates an organization and invites a member (the mail is
// caught), the member uploads a PDF (processed, with its evaluation) and a short video
// (analysed); two PDF workers share the queue; a killed worker container is restarted by its
// restart policy; after `down` and `up` every record and file is still there (volumes).
// Run by Node itself (type stripping): built-in modules only, no build step.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fetchRetrying } from './retry.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = process.env.HUB_FIXTURES ?? path.join(root, '../shared/fixtures');
const PROJECT = process.env.HUB_SMOKE_PROJECT ?? 'hub-smoke';
const MAILPIT = 'http://127.0.0.1:8025';
const SUPER_ADMIN = {
  email: 'admin@hub.local',
  password: `Smoke-${randomBytes(6).toString('hex')}!`,
};
const MEMBER_PASSWORD = 'Smoke-Member-Pass-1!';
/** The PDF and video workers' first jobs load their models and libraries: slow on 2 cores. */
const PROCESSING_TIMEOUT_MS = 300_000;

/** Every compose service, in the order health checks let them start (podman-compose 1.0.3 does
 * not wait for `depends_on` conditions: this driver runs each tier's health checks itself). */
const TIERS: { services: string[]; oneOff?: boolean }[] = [
  { services: ['postgres', 'redis', 'minio', 'mailpit'] },
  { services: ['minio-setup'], oneOff: true },
  {
    services: [
      'identity',
      'library',
      'observation',
      'video',
      'integration',
      'pdf-worker',
      'quiz-worker',
      'video-worker',
    ],
  },
  { services: ['gateway'] },
];

type Json = Record<string, unknown>;

const figures: [string, string][] = [];
const log = (line: string) => console.log(`[smoke] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`smoke test failed: ${message}`);
}

async function waitUntil<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`smoke test failed: ${what} within ${timeoutMs} ms`);
    await sleep(1000);
  }
}

async function freePort(preferred: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | undefined>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(undefined));
      server.listen(port, '0.0.0.0', () => {
        const { port: got } = server.address() as { port: number };
        server.close(() => resolve(got));
      });
    });
  return (await tryPort(preferred)) ?? (await tryPort(0)) ?? preferred;
}

// ---- the engine -------------------------------------------------------------------------------

const scaleFile = path.join(mkdtempSync(path.join(tmpdir(), 'hub-smoke-')), 'scale.yml');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
  INTEGRATION_SECRET_KEY: randomBytes(32).toString('base64'),
  WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
  FILE_LINK_SECRET: randomBytes(24).toString('hex'),
};

const logFile = path.join(root, process.env.LOG_DIR ?? 'test-artifacts/containers', 'compose.log');
mkdirSync(path.dirname(logFile), { recursive: true });
const composeLog = openSync(logFile, 'a');

function podman(args: string[]): string {
  return execFileSync('podman', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** podman-compose on the base file and the offline override (and the scale file once written). */
function compose(args: string[], scaled = false): void {
  const files = ['docker-compose.yml', 'infra/docker/compose.offline.yml'];
  if (scaled) files.push(scaleFile);
  execFileSync(
    'podman-compose',
    ['-p', PROJECT, ...files.flatMap((file) => ['-f', file]), ...args],
    // Its output (every podman command it runs, podman's complaints) goes to a log file.
    { cwd: root, env, stdio: ['ignore', composeLog, composeLog] },
  );
}

const containerName = (service: string) => `${PROJECT}_${service}_1`;

/**
 * The second PDF worker: the same service read again from docker-compose.yml (`extends` with
 * `file`). podman-compose 1.0.3 ignores `--scale`, and with `deploy.replicas` its replicas share
 * one health check list that it consumes while creating the first (the second then fails).
 * `docker compose up --scale pdf-worker=2` is the plain way where it is available.
 */
const SECOND_PDF_WORKER = 'pdf-worker-2';
const SCALE_FILE_TEXT = [
  'services:',
  `  ${SECOND_PDF_WORKER}:`,
  '    extends:',
  '      file: docker-compose.yml',
  '      service: pdf-worker',
  '',
].join('\n');

function inspect(container: string, format: string): string {
  return podman(['inspect', '--format', format, container]).trim();
}

/** Runs the container's health check (podman schedules them through systemd, absent here). */
function healthy(container: string): boolean {
  try {
    podman(['healthcheck', 'run', container]);
    return true;
  } catch {
    return false;
  }
}

/** The services of a tier, with the second PDF worker once it is asked for. */
const servicesOf = (tier: (typeof TIERS)[number], scaled: boolean) =>
  scaled && tier.services.includes('pdf-worker')
    ? [...tier.services, SECOND_PDF_WORKER]
    : tier.services;

async function startTiers(scaled: boolean) {
  for (const tier of TIERS) {
    const services = servicesOf(tier, scaled);
    compose(['up', '-d', ...services], scaled);
    const containers = services.map((service) => containerName(service));
    for (const container of containers) {
      if (tier.oneOff) {
        await waitUntil(`${container} done`, 60_000, async () => {
          const [status, code] = inspect(container, '{{.State.Status}} {{.State.ExitCode}}').split(
            ' ',
          );
          if (status !== 'exited') return undefined;
          check(code === '0', `${container} exited with ${code}: ${podman(['logs', container])}`);
          return true;
        });
      } else {
        await waitUntil(`${container} healthy`, 180_000, async () =>
          healthy(container) ? true : undefined,
        );
      }
    }
  }
}

/**
 * `down` after stopping every container in the reverse of the start order, each with its grace
 * period: podman-compose 1.0.3 ignores `stop_grace_period` and stops with `-t 1`, which would cut
 * short PostgreSQL's checkpoint, Redis' last append and a worker's job in hand.
 */
function down(scaled: boolean, removeVolumes: boolean) {
  const running = new Set(podman(['ps', '--format', '{{.Names}}']).split('\n'));
  for (const tier of [...TIERS].reverse()) {
    const containers = servicesOf(tier, scaled)
      .map((service) => containerName(service))
      .filter((container) => running.has(container));
    if (containers.length > 0) podman(['stop', '-t', '30', ...containers]);
  }
  compose(['down', ...(removeVolumes ? ['-v'] : [])], scaled);
}

/** The gateway answers on the published port (from the host, not only inside its container). */
const gatewayAnswers = (base: string) =>
  waitUntil('the gateway answering on its published port', 60_000, async () =>
    (await fetch(`${base}/api/docs/openapi.json`)).ok ? true : undefined,
  );

// ---- the product's API ------------------------------------------------------------------------

class Client {
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
async function invitationLink(address: string): Promise<URL> {
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

const fileBlob = (file: string, type: string) =>
  new Blob([new Uint8Array(readFileSync(file))], { type });

async function waitProcessed(member: Client, documentId: number) {
  return waitUntil(`document ${documentId} processed`, PROCESSING_TIMEOUT_MS, async () => {
    const document = await member.call('GET', `/api/library/documents/${documentId}`);
    check(!document.processingError, `document ${documentId}: ${String(document.processingError)}`);
    return document.processed === true ? document : undefined;
  });
}

/** A short MP4 of the member's own photos (ffmpeg on the host), two seconds each. */
function memberVideo(photos: string[]): string {
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

/** Jobs of a queue this PDF worker container finished, from its own /metrics. */
function jobsDone(container: string): number {
  const text = podman([
    'exec',
    container,
    'node',
    '-e',
    "fetch('http://127.0.0.1:9464/metrics').then((r) => r.text()).then((t) => console.log(t))",
  ]);
  return text
    .split('\n')
    .filter((line) => line.startsWith('hub_job_duration_seconds_count') && line.includes('pdf'))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

// ---- the run ------------------------------------------------------------------------------------

async function main() {
  const started = performance.now();
  // Whatever an earlier run left, its second PDF worker included, before a port is chosen.
  writeFileSync(scaleFile, SCALE_FILE_TEXT);
  compose(['down', '-v'], true);
  const port = await freePort(Number(process.env.HUB_PORT ?? 8080));
  env.HUB_PORT = String(port);
  env.PUBLIC_URL = `http://localhost:${port}`;
  const base = `http://127.0.0.1:${port}`;
  log(`fresh stack (project ${PROJECT}, gateway on port ${port})`);
  let at = performance.now();
  await startTiers(false);
  await gatewayAnswers(base);
  figures.push(['stack start from empty volumes, to every health check passing', seconds(at)]);

  // The super administrator: an organization and an invited member.
  const admin = await new Client(base).login(SUPER_ADMIN.email, SUPER_ADMIN.password);
  const id = randomBytes(3).toString('hex');
  const organization = await admin.call('POST', '/api/admin/organizations', {
    name: `Smoke ${id}`,
    displayName: `Smoke ${id}`,
    domain: `smoke-${id}.example.com`,
  });
  const organizationId = Number(organization.id);
  const memberEmail = `amy@smoke-${id}.example.com`;
  const invited = await admin.call('POST', '/api/admin/users', {
    email: memberEmail,
    name: 'Amy Smoke',
    organizationId,
    role: 'admin',
  });
  check(invited.invitationSent === true, `invitation not sent: ${JSON.stringify(invited)}`);
  const link = await invitationLink(memberEmail);
  log(`organization ${organizationId} created, invitation caught: ${link.pathname}`);

  const photos = readdirSync(path.join(FIXTURES, 'faces/amy'))
    .sort()
    .map((name) => path.join(FIXTURES, 'faces/amy', name));
  await new Client(base).upload(
    '/api/auth/setup-password-with-profile',
    {
      token: link.searchParams.get('token') ?? '',
      email: link.searchParams.get('email') ?? '',
      password: MEMBER_PASSWORD,
    },
    fileBlob(photos[0]!, 'image/png'),
    'amy.png',
  );
  const member = await new Client(base).login(memberEmail, MEMBER_PASSWORD);
  log('the member accepted the invitation and signed in');

  // A PDF, processed with its evaluation.
  at = performance.now();
  const pdf = path.join(FIXTURES, 'pdfs/tracemonkey.pdf');
  const uploaded = await member.upload(
    '/api/library/documents/upload',
    { title: 'Smoke SOP' },
    fileBlob(pdf, 'application/pdf'),
    'tracemonkey.pdf',
  );
  const documentId = Number(uploaded.id);
  await waitProcessed(member, documentId);
  const evaluated = await waitUntil('its evaluation', PROCESSING_TIMEOUT_MS, async () => {
    const document = await member.call('GET', `/api/library/documents/${documentId}`);
    check(
      !document.evaluationGenerationError,
      `evaluation: ${String(document.evaluationGenerationError)}`,
    );
    return document.evaluationGenerated === true ? document : undefined;
  });
  const evaluation = await member.call('GET', `/api/library/documents/${documentId}/evaluation`);
  const questions = (evaluation.questions as unknown[] | undefined)?.length ?? 0;
  check(questions > 0, 'an evaluation without questions');
  log(
    `PDF ${documentId}: ${String(evaluated.pageCount)} pages, evaluation of ${questions} questions`,
  );
  figures.push(['PDF upload to processed with its evaluation (first job)', seconds(at)]);

  // A short video, analysed.
  at = performance.now();
  const video = memberVideo(photos);
  const videoRecord = await member.upload(
    '/api/videos/upload',
    { title: 'Smoke shift', recordingDate: new Date().toISOString() },
    fileBlob(video, 'video/mp4'),
    'shift.mp4',
  );
  const videoId = Number(videoRecord.id);
  await member.call('POST', `/api/videos/${videoId}/analyze`, { linkedSOPs: [documentId] });
  const analysed = await waitUntil(`video ${videoId} analysed`, PROCESSING_TIMEOUT_MS, async () => {
    const one = await member.call('GET', `/api/videos/${videoId}`);
    check(one.analysisStatus !== 'failed', `video analysis: ${String(one.analysisError)}`);
    return one.analysisStatus === 'completed' ? one : undefined;
  });
  // The video is made of her own photos: the worker must find her enrolled face in it.
  check(Number(analysed.identifiedOperators) >= 1, 'the member identified in her video');
  log(
    `video ${videoId}: ${String(analysed.durationSeconds)} s, ` +
      `${String(analysed.detectedOperators)} detected, ${String(analysed.identifiedOperators)} identified`,
  );
  figures.push(['video upload to analysis completed', seconds(at)]);

  // Two PDF workers on one queue (see SECOND_PDF_WORKER).
  at = performance.now();
  // Only the new container: `up` on running services has podman try (and fail) to create each
  // again, and once that cost the gateway's published port for a moment.
  compose(['up', '-d', SECOND_PDF_WORKER], true);
  await waitUntil(`${containerName(SECOND_PDF_WORKER)} healthy`, 180_000, async () =>
    healthy(containerName(SECOND_PDF_WORKER)) ? true : undefined,
  );
  await gatewayAnswers(base);
  figures.push(['second PDF worker up and healthy', seconds(at)]);
  const workers = [containerName('pdf-worker'), containerName(SECOND_PDF_WORKER)];
  const before = workers.map(jobsDone);
  const batch: number[] = [];
  for (let copy = 1; copy <= 6; copy += 1) {
    const one = await member.upload(
      '/api/library/documents/upload',
      { title: `Smoke batch ${copy}` },
      fileBlob(pdf, 'application/pdf'),
      `batch-${copy}.pdf`,
    );
    batch.push(Number(one.id));
  }
  for (const documentId of batch) await waitProcessed(member, documentId);
  const done = workers.map((worker, index) => jobsDone(worker) - before[index]!);
  log(`PDF jobs per worker: ${workers.map((w, i) => `${w} ${done[i]}`).join(', ')}`);
  check(
    done.every((count) => count > 0),
    `both PDF workers take jobs (${done.join(', ')})`,
  );

  // A worker container killed (SIGKILL to its process, as a crash) comes back by itself.
  const victim = workers[0]!;
  const restartsBefore = Number(inspect(victim, '{{.RestartCount}}'));
  process.kill(Number(inspect(victim, '{{.State.Pid}}')), 'SIGKILL');
  at = performance.now();
  await waitUntil(`${victim} restarted`, 60_000, async () =>
    Number(inspect(victim, '{{.RestartCount}}')) > restartsBefore &&
    inspect(victim, '{{.State.Status}}') === 'running'
      ? true
      : undefined,
  );
  await waitUntil(`${victim} healthy again`, 120_000, async () =>
    healthy(victim) ? true : undefined,
  );
  log(`${victim} killed, restarted by its restart policy`);
  figures.push(['killed PDF worker restarted and healthy', seconds(at)]);

  // down, up: the records and files are on the volumes.
  const documentsBefore = (await member.call('GET', '/api/library/documents')) as Json;
  down(true, false);
  at = performance.now();
  await startTiers(true);
  await gatewayAnswers(base);
  figures.push(['stack start on existing volumes', seconds(at)]);
  const again = await new Client(base).login(memberEmail, MEMBER_PASSWORD);
  const documentsAfter = (await again.call('GET', '/api/library/documents')) as Json;
  check(
    JSON.stringify(idsOf(documentsAfter)) === JSON.stringify(idsOf(documentsBefore)) &&
      idsOf(documentsAfter).length === 7,
    `documents after down/up: ${JSON.stringify(idsOf(documentsAfter))}`,
  );
  const link2 = await again.call('GET', `/api/library/documents/${documentId}/download-url`);
  const file = await fetch(new URL(String(link2.url), base), {
    headers: { cookie: again.cookie },
  });
  const bytes = Buffer.from(await file.arrayBuffer());
  check(
    bytes.equals(readFileSync(pdf)),
    `the PDF read back (${file.status}, ${bytes.length} bytes)`,
  );
  const videoAfter = await again.call('GET', `/api/videos/${videoId}`);
  check(videoAfter.analysisStatus === 'completed', 'the video analysis after down/up');
  const stream = await fetch(
    `${base}/api/videos/stream/${encodeURIComponent(String(videoAfter.s3Key))}`,
    { headers: { cookie: again.cookie } },
  );
  const streamed = Buffer.from(await stream.arrayBuffer());
  check(streamed.equals(readFileSync(video)), `the video read back (${stream.status})`);
  const admin2 = await new Client(base).login(SUPER_ADMIN.email, SUPER_ADMIN.password);
  const organizations = (await admin2.call('GET', '/api/admin/organizations')) as unknown;
  check(
    JSON.stringify(organizations).includes(`smoke-${id}.example.com`),
    'the organization after down/up',
  );
  log(
    'after down and up: the organization, member, 7 documents, the PDF, the video and its report',
  );

  figures.push(['whole smoke test', seconds(started)]);
  if (process.env.HUB_SMOKE_KEEP !== '1') down(true, true);
  rmSync(path.dirname(scaleFile), { recursive: true, force: true });
}

function idsOf(list: Json): number[] {
  const documents = (list.documents ?? list.items ?? []) as { id: number }[];
  return documents.map((d) => d.id).sort((a, b) => a - b);
}

try {
  await main();
  console.log('\n[smoke] passed');
} catch (error) {
  console.error(
    `\n[smoke] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  // fetch's own reason (refused, reset) is in the cause.
  if (error instanceof Error && error.cause) console.error('[smoke] cause:', error.cause);
  console.error(`[smoke] the stack is left up for a look: podman ps -a --filter name=${PROJECT}_`);
  process.exitCode = 1;
} finally {
  for (const [what, time] of figures) console.log(`[smoke] ${time.padStart(9)}  ${what}`);
}
