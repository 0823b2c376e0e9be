// The compose stack the container smoke test (infra/containers/smoke.ts) drives: podman-compose
// started tier by tier with each tier's health checks, the second PDF worker, an orderly down.
// Built-in modules only: Node runs it by stripping the types.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { check, root, waitUntil } from './smoke-waits.ts';

export const PROJECT = process.env.HUB_SMOKE_PROJECT ?? 'hub-smoke';
export const SUPER_ADMIN = {
  email: 'admin@hub.local',
  password: `Smoke-${randomBytes(6).toString('hex')}!`,
};

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

export const scaleFile = path.join(mkdtempSync(path.join(tmpdir(), 'hub-smoke-')), 'scale.yml');
export const env: NodeJS.ProcessEnv = {
  ...process.env,
  SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
  INTEGRATION_SECRET_KEY: randomBytes(32).toString('base64'),
  WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
  FILE_LINK_SECRET: randomBytes(24).toString('hex'),
};

const logFile = path.join(root, process.env.LOG_DIR ?? 'test-artifacts/containers', 'compose.log');
mkdirSync(path.dirname(logFile), { recursive: true });
const composeLog = openSync(logFile, 'a');

export function podman(args: string[]): string {
  return execFileSync('podman', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** podman-compose on the base file and the offline override (and the scale file once written). */
export function compose(args: string[], scaled = false): void {
  const files = ['docker-compose.yml', 'infra/docker/compose.offline.yml'];
  if (scaled) files.push(scaleFile);
  execFileSync(
    'podman-compose',
    ['-p', PROJECT, ...files.flatMap((file) => ['-f', file]), ...args],
    // Its output (every podman command it runs, podman's complaints) goes to a log file.
    { cwd: root, env, stdio: ['ignore', composeLog, composeLog] },
  );
}

export const containerName = (service: string) => `${PROJECT}_${service}_1`;

/**
 * The second PDF worker: the same service read again from docker-compose.yml (`extends` with
 * `file`). podman-compose 1.0.3 ignores `--scale`, and with `deploy.replicas` its replicas share
 * one health check list that it consumes while creating the first (the second then fails).
 * `docker compose up --scale pdf-worker=2` is the plain way where it is available.
 */
export const SECOND_PDF_WORKER = 'pdf-worker-2';
export const SCALE_FILE_TEXT = [
  'services:',
  `  ${SECOND_PDF_WORKER}:`,
  '    extends:',
  '      file: docker-compose.yml',
  '      service: pdf-worker',
  '',
].join('\n');

export function inspect(container: string, format: string): string {
  return podman(['inspect', '--format', format, container]).trim();
}

/** Runs the container's health check (podman schedules them through systemd, absent here). */
export function healthy(container: string): boolean {
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

export async function startTiers(scaled: boolean) {
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
export function down(scaled: boolean, removeVolumes: boolean) {
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
export const gatewayAnswers = (base: string) =>
  waitUntil('the gateway answering on its published port', 60_000, async () =>
    (await fetch(`${base}/api/docs/openapi.json`)).ok ? true : undefined,
  );

/** Jobs of a queue this PDF worker container finished, from its own /metrics. */
export function jobsDone(container: string): number {
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
