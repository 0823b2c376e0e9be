// Writes infra/kubernetes/base/processes/<name>.yaml from infra/processes.json, the table the
// launcher and docker-compose.yml follow too: per process a Deployment (the launcher's command,
// the table's environment variable names from the hub-config ConfigMap or the hub-secrets
// Secret, probes, resources) and a PodDisruptionBudget; the gateway's Service; per worker a KEDA
// ScaledObject on the length of its BullMQ queues' wait lists. Run it after changing the table:
//   node infra/kubernetes/generate.mjs
// infra/deploy/deploy.test.ts fails while the files differ from what this writes.
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'oxfmt';
import { stringify } from 'yaml';

/**
 * @typedef {{ name: string, kind: 'service' | 'worker' | 'gateway', entry: string,
 *   nodeArgs?: string[], ready: string, env: string[], queues?: string[] }} HubProcess
 * @typedef {{ cpu: string, memory: string, memoryLimit: string }} Size
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
export const PROCESSES_DIR = path.join(root, 'infra/kubernetes/base/processes');
export const METRICS_PORT = 9464;
/** Must equal REDIS_PREFIX in base/config.yaml: BullMQ's keys are `${REDIS_PREFIX}bull:<queue>:…`. */
export const REDIS_PREFIX = 'hub:';
/** Variables taken from the hub-secrets Secret; every other one from the hub-config ConfigMap. */
export const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'REDIS_URL',
  'S3_ACCESS_KEY',
  'S3_SECRET_KEY',
  'SMTP_URL',
  'SUPER_ADMIN_PASSWORD',
  'INTEGRATION_SECRET_KEY',
  'INTEGRATION_SECRET_KEYS_OLD',
  'WEBHOOK_SECRET_KEY',
  'WEBHOOK_SECRET_KEYS_OLD',
  'FILE_LINK_SECRET',
  'GEMINI_API_KEY',
]);

/** Requests (and the memory limit) by kind; the workers that decode media need more. */
const SIZES = /** @type {Record<string, Size>} */ ({
  service: { cpu: '100m', memory: '256Mi', memoryLimit: '512Mi' },
  gateway: { cpu: '200m', memory: '256Mi', memoryLimit: '512Mi' },
  worker: { cpu: '250m', memory: '256Mi', memoryLimit: '512Mi' },
  'pdf-worker': { cpu: '500m', memory: '768Mi', memoryLimit: '1536Mi' },
  'video-worker': { cpu: '1', memory: '1Gi', memoryLimit: '2Gi' },
});

/** Per worker: waiting jobs one replica is expected to keep up with, and the most replicas. */
const SCALING = /** @type {Record<string, { perReplica: number, max: number }>} */ ({
  'pdf-worker': { perReplica: 5, max: 8 },
  'quiz-worker': { perReplica: 5, max: 4 },
  'video-worker': { perReplica: 2, max: 4 },
});

/** @param {HubProcess} p */
const labels = (p) => ({
  'app.kubernetes.io/name': p.name,
  'app.kubernetes.io/component': p.kind,
});

/** @param {string} name */
function envVar(name) {
  // Not optional: a key missing from the ConfigMap or Secret stops the pod with a clear reason
  // rather than letting the process fall back to its local defaults.
  return SECRET_VARIABLES.has(name)
    ? { name, valueFrom: { secretKeyRef: { name: 'hub-secrets', key: name } } }
    : { name, valueFrom: { configMapKeyRef: { name: 'hub-config', key: name } } };
}

/** @param {HubProcess} p */
function probes(p) {
  const metrics = { httpGet: { path: '/metrics', port: 'metrics' } };
  const ready =
    p.kind === 'gateway'
      ? { httpGet: { path: '/api/docs/openapi.json', port: 'http' } }
      : { exec: { command: ['node', 'infra/docker/healthcheck.mjs', p.name] } };
  return {
    // The metrics port opens once start-up (migrations included) is done.
    startupProbe: { ...metrics, periodSeconds: 5, failureThreshold: 60 },
    livenessProbe: { ...metrics, periodSeconds: 10, timeoutSeconds: 5, failureThreshold: 3 },
    readinessProbe: { ...ready, periodSeconds: 15, timeoutSeconds: 10, failureThreshold: 2 },
  };
}

/** @param {HubProcess} p */
function deployment(p) {
  const size = /** @type {Size} */ (SIZES[p.name] ?? SIZES[p.kind]);
  const ports = [{ name: 'metrics', containerPort: METRICS_PORT }];
  if (p.kind === 'gateway') ports.unshift({ name: 'http', containerPort: 8080 });
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: p.name, labels: labels(p) },
    spec: {
      replicas: 1,
      selector: { matchLabels: { 'app.kubernetes.io/name': p.name } },
      // One new pod at a time: a service's new version migrates its schema once, alone.
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
      template: {
        metadata: {
          labels: labels(p),
          annotations: {
            'prometheus.io/scrape': 'true',
            'prometheus.io/port': String(METRICS_PORT),
            'prometheus.io/path': '/metrics',
          },
        },
        spec: {
          terminationGracePeriodSeconds: p.kind === 'worker' ? 60 : 30,
          securityContext: { runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000, fsGroup: 1000 },
          containers: [
            {
              name: p.name,
              image: 'hub',
              command: ['node', ...(p.nodeArgs ?? []), p.entry],
              env: p.env.map(envVar),
              ports,
              ...probes(p),
              resources: {
                requests: { cpu: size.cpu, memory: size.memory },
                limits: { memory: size.memoryLimit },
              },
              securityContext: {
                allowPrivilegeEscalation: false,
                capabilities: { drop: ['ALL'] },
              },
              volumeMounts: [{ name: 'data', mountPath: '/var/lib/hub' }],
            },
          ],
          volumes: [{ name: 'data', emptyDir: {} }],
        },
      },
    },
  };
}

/** @param {HubProcess} p */
const disruptionBudget = (p) => ({
  apiVersion: 'policy/v1',
  kind: 'PodDisruptionBudget',
  metadata: { name: p.name, labels: labels(p) },
  spec: { maxUnavailable: 1, selector: { matchLabels: { 'app.kubernetes.io/name': p.name } } },
});

/** @param {HubProcess} p */
const gatewayService = (p) => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: p.name, labels: labels(p) },
  spec: {
    selector: { 'app.kubernetes.io/name': p.name },
    ports: [{ name: 'http', port: 80, targetPort: 'http' }],
  },
});

/** @param {HubProcess} p */
function scaledObject(p) {
  const scaling = SCALING[p.name] ?? { perReplica: 5, max: 4 };
  return {
    apiVersion: 'keda.sh/v1alpha1',
    kind: 'ScaledObject',
    metadata: { name: p.name, labels: labels(p) },
    spec: {
      scaleTargetRef: { name: p.name },
      // At least one: /api/health needs every required worker kind alive.
      minReplicaCount: 1,
      maxReplicaCount: scaling.max,
      pollingInterval: 15,
      cooldownPeriod: 300,
      triggers: (p.queues ?? []).map((queue) => ({
        type: 'redis',
        metadata: {
          listName: `${REDIS_PREFIX}bull:${queue}:wait`,
          listLength: String(scaling.perReplica),
        },
        authenticationRef: { name: 'hub-redis' },
      })),
    },
  };
}

/**
 * The YAML of each process's file, by file name, formatted as the format check (oxfmt, with the
 * repository's .oxfmtrc.json) checks it.
 * @param {HubProcess[]} table
 * @returns {Promise<Map<string, string>>}
 */
export async function renderProcesses(table) {
  const { ignorePatterns: _ignored, ...style } = JSON.parse(
    readFileSync(path.join(root, '.oxfmtrc.json'), 'utf8'),
  );
  const files = new Map();
  for (const p of table) {
    /** @type {object[]} */
    const objects = [deployment(p), disruptionBudget(p)];
    if (p.kind === 'gateway') objects.push(gatewayService(p));
    if (p.kind === 'worker') objects.push(scaledObject(p));
    const header = `# Generated from infra/processes.json by infra/kubernetes/generate.mjs: do not edit.\n`;
    const yaml = objects.map((o) => stringify(o, { aliasDuplicateObjects: false })).join('---\n');
    const formatted = await format(`${p.name}.yaml`, header + yaml, style);
    const [error] = formatted.errors;
    if (error) throw new Error(error.message);
    files.set(`${p.name}.yaml`, formatted.code);
  }
  return files;
}

/** @returns {HubProcess[]} */
export function readTable() {
  return JSON.parse(readFileSync(path.join(root, 'infra/processes.json'), 'utf8'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = await renderProcesses(readTable());
  for (const old of readdirSync(PROCESSES_DIR)) {
    if (!files.has(old)) rmSync(path.join(PROCESSES_DIR, old));
  }
  for (const [name, text] of files) writeFileSync(path.join(PROCESSES_DIR, name), text);
  console.log(`Wrote ${files.size} files to ${path.relative(root, PROCESSES_DIR)}/`);
}
