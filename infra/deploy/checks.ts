// Checks of the deployment files against the process table (infra/processes.json): each returns
// the problems it found, so a test can show both that the real files pass and that a process
// missing on one side is caught.
import { DockerfileParser, type Instruction } from 'dockerfile-ast';

export interface HubProcess {
  name: string;
  kind: 'service' | 'worker' | 'gateway';
  entry: string;
  /** Node flags before the entry (heap sizes): the same in every place that starts it. */
  nodeArgs?: string[];
  ready: string;
  env: string[];
  queues?: string[];
}

/** A parsed object, as far as these checks read it. */
export type Doc = Record<string, unknown>;

const isRecord = (value: unknown): value is Doc =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const get = (value: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((at, key) => (isRecord(at) ? at[key] : undefined), value);
const sameSet = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
const differences = (want: string[], have: string[]) =>
  `missing ${JSON.stringify(want.filter((n) => !have.includes(n)))}, ` +
  `extra ${JSON.stringify(have.filter((n) => !want.includes(n)))}`;

/** How every place starts a process: `node [nodeArgs] <entry>`. */
export const processCommand = (p: HubProcess) => ['node', ...(p.nodeArgs ?? []), p.entry];

/** The health check command of a process, in compose and in the Kubernetes readiness probes. */
export const healthcheckCommand = (name: string) => ['node', 'infra/docker/healthcheck.mjs', name];

/** Compose services built from our image, by their command's entry. */
function composeHubServices(compose: Doc): [string, Doc][] {
  const services = get(compose, 'services');
  if (!isRecord(services)) return [];
  return Object.entries(services).filter(
    (entry): entry is [string, Doc] => isRecord(entry[1]) && get(entry[1], 'build') !== undefined,
  );
}

/** One compose service against its process: command, environment names, health check. */
function composeServiceProblems(label: string, service: Doc, p: HubProcess): string[] {
  const problems: string[] = [];
  const command = get(service, 'command');
  if (JSON.stringify(command) !== JSON.stringify(processCommand(p))) {
    problems.push(
      `${label}: command ${JSON.stringify(command)} is not ${JSON.stringify(processCommand(p))}`,
    );
  }
  const env = Object.keys((get(service, 'environment') as Doc | undefined) ?? {});
  if (!sameSet(env, p.env)) problems.push(`${label}: environment ${differences(p.env, env)}`);
  const test = get(service, 'healthcheck', 'test');
  if (JSON.stringify(test) !== JSON.stringify(['CMD', ...healthcheckCommand(p.name)])) {
    problems.push(`${label}: healthcheck ${JSON.stringify(test)}`);
  }
  return problems;
}

/**
 * Every process is a compose service of the same name running the launcher's command with the
 * table's variables; every service built from our image is a process (or the GPU variant of
 * the video worker, in the `gpu` profile).
 */
export function composeProblems(table: HubProcess[], compose: Doc): string[] {
  const problems: string[] = [];
  const hubServices = composeHubServices(compose);
  for (const p of table) {
    const service = hubServices.find(([name]) => name === p.name)?.[1];
    if (!service) problems.push(`${p.name}: no compose service of that name`);
    else problems.push(...composeServiceProblems(p.name, service, p));
  }
  for (const [name, service] of hubServices) {
    if (table.some((p) => p.name === name)) continue;
    const twin = table.find((p) => JSON.stringify(get(service, 'command'))?.includes(p.entry));
    if (!twin) problems.push(`${name}: compose service of no process in infra/processes.json`);
    else problems.push(...composeServiceProblems(name, service, twin));
  }
  return problems;
}

/** Instructions of each stage, by stage name (or index when unnamed). */
function stages(text: string): Map<string, Instruction[]> {
  const byStage = new Map<string, Instruction[]>();
  let current: Instruction[] | undefined;
  for (const instruction of DockerfileParser.parse(text).getInstructions()) {
    if (instruction.getKeyword() === 'FROM') {
      const as = (instruction.getArgumentsContent() ?? '').split(/\s+as\s+/i)[1];
      current = [instruction];
      byStage.set(as?.trim() ?? String(byStage.size), current);
    } else current?.push(instruction);
  }
  return byStage;
}

const args = (i: Instruction) => i.getArgumentsContent() ?? '';

/**
 * Multi-stage; the runtime stage installs production dependencies only (`npm ci --omit=dev`),
 * runs as a non-root user, has a HEALTHCHECK and the launcher's two malloc arenas per process;
 * every workspace's manifest is copied before the install.
 */
export function dockerfileProblems(text: string, workspaceManifests: string[]): string[] {
  const problems: string[] = [];
  const byStage = stages(text);
  if (byStage.size < 2) problems.push('not multi-stage');
  const runtime = byStage.get('runtime');
  if (!runtime) return [...problems, 'no stage named runtime'];
  const runs = runtime.filter((i) => i.getKeyword() === 'RUN').map(args);
  if (!runs.some((run) => /npm ci\b[^|;&]*--omit=dev/.test(run))) {
    problems.push('runtime: no RUN npm ci --omit=dev');
  }
  if (runs.some((run) => /turbo|npm run build|tsc\b/.test(run))) problems.push('runtime: builds');
  const users = runtime.filter((i) => i.getKeyword() === 'USER').map(args);
  const user = users.at(-1);
  if (!user || /^(root|0)(:|$)/.test(user)) problems.push(`runtime: USER ${user ?? '(none)'}`);
  if (!runtime.some((i) => i.getKeyword() === 'HEALTHCHECK')) {
    problems.push('runtime: no HEALTHCHECK');
  }
  const envs = runtime.filter((i) => i.getKeyword() === 'ENV').map(args);
  if (!envs.some((env) => /(^|\s)MALLOC_ARENA_MAX=2(\s|$)/.test(env))) {
    problems.push('runtime: no ENV MALLOC_ARENA_MAX=2');
  }
  const copied = [...byStage.values()]
    .flat()
    .filter((i) => i.getKeyword() === 'COPY')
    .map((i) => args(i).split(/\s+/)[0]);
  for (const manifest of workspaceManifests) {
    if (!copied.includes(manifest)) problems.push(`${manifest} is not copied before npm ci`);
  }
  return problems;
}

const containerOf = (deployment: Doc) =>
  (get(deployment, 'spec', 'template', 'spec', 'containers') as Doc[] | undefined)?.[0];

/** A Deployment's first container against its process. */
function deploymentProblems(p: HubProcess, deployment: Doc): string[] {
  const problems: string[] = [];
  const container = containerOf(deployment);
  if (!container) return [`${p.name}: Deployment without a container`];
  if (JSON.stringify(get(container, 'command')) !== JSON.stringify(processCommand(p))) {
    problems.push(`${p.name}: Deployment command is not ${JSON.stringify(processCommand(p))}`);
  }
  const env = ((get(container, 'env') as Doc[] | undefined) ?? []).map((e) => String(e.name));
  if (!sameSet(env, p.env)) problems.push(`${p.name}: Deployment env ${differences(p.env, env)}`);
  for (const probe of ['readinessProbe', 'livenessProbe']) {
    if (!isRecord(get(container, probe))) problems.push(`${p.name}: no ${probe}`);
  }
  const requests = get(container, 'resources', 'requests');
  if (!get(requests, 'cpu') || !get(requests, 'memory')) {
    problems.push(`${p.name}: no cpu and memory requests`);
  }
  return problems;
}

/** Keys a container's env takes from ConfigMaps and Secrets that the rendered objects lack. */
function missingKeys(p: HubProcess, deployment: Doc, objects: Doc[]): string[] {
  const problems: string[] = [];
  const env = (get(containerOf(deployment), 'env') as Doc[] | undefined) ?? [];
  for (const variable of env) {
    for (const [refKind, kind, field] of [
      ['configMapKeyRef', 'ConfigMap', 'data'],
      ['secretKeyRef', 'Secret', 'stringData'],
    ] as const) {
      const ref = get(variable, 'valueFrom', refKind);
      if (!isRecord(ref)) continue;
      const source = objects.find(
        (o) => o.kind === kind && get(o, 'metadata', 'name') === ref.name,
      );
      const keys = {
        ...((get(source, field) as Doc | undefined) ?? {}),
        ...(get(source, 'data') as Doc),
      };
      if (!(String(ref.key) in keys)) {
        problems.push(`${p.name}: ${kind} ${String(ref.name)} has no key ${String(ref.key)}`);
      }
    }
  }
  return problems;
}

/**
 * Every process has a Deployment (command, env names, probes, requests) and a
 * PodDisruptionBudget selecting its pods; every worker a ScaledObject with a redis trigger on
 * each of its queues' wait lists.
 */
export function kubernetesProblems(table: HubProcess[], objects: Doc[], redisPrefix: string) {
  const problems: string[] = [];
  const named = (kind: string, name: string) =>
    objects.find((o) => o.kind === kind && get(o, 'metadata', 'name') === name);
  for (const p of table) {
    const deployment = named('Deployment', p.name);
    if (!deployment) {
      problems.push(`${p.name}: no Deployment`);
      continue;
    }
    problems.push(...deploymentProblems(p, deployment), ...missingKeys(p, deployment, objects));
    const labels = get(deployment, 'spec', 'template', 'metadata', 'labels') as Doc | undefined;
    const pdb = objects.find(
      (o) =>
        o.kind === 'PodDisruptionBudget' &&
        Object.entries((get(o, 'spec', 'selector', 'matchLabels') as Doc | undefined) ?? {}).every(
          ([key, value]) => labels?.[key] === value,
        ) &&
        get(o, 'spec', 'selector', 'matchLabels') !== undefined,
    );
    if (!pdb) problems.push(`${p.name}: no PodDisruptionBudget selecting its pods`);
    if (p.kind !== 'worker') continue;
    const scaled = named('ScaledObject', p.name);
    if (get(scaled, 'spec', 'scaleTargetRef', 'name') !== p.name) {
      problems.push(`${p.name}: no ScaledObject scaling its Deployment`);
      continue;
    }
    const triggers = (get(scaled, 'spec', 'triggers') as Doc[] | undefined) ?? [];
    for (const queue of p.queues ?? []) {
      const listName = `${redisPrefix}bull:${queue}:wait`;
      if (
        !triggers.some((t) => t.type === 'redis' && get(t, 'metadata', 'listName') === listName)
      ) {
        problems.push(`${p.name}: no redis trigger on ${listName}`);
      }
    }
  }
  return problems;
}

/**
 * The backup job (compose profile `backup`, the Kubernetes CronJob) runs the image's pg_dump,
 * which refuses a server of a newer major: the runtime stage installs Debian's
 * postgresql-client-<major>, of at least the major of each compose file's postgres image.
 */
export function backupClientProblems(dockerfile: string, composeFiles: Doc[]): string[] {
  const runs = (stages(dockerfile).get('runtime') ?? [])
    .filter((i) => i.getKeyword() === 'RUN')
    .map(args);
  const installed = runs.map((run) => /\bpostgresql-client-(\d+)\b/.exec(run)?.[1]).find(Boolean);
  if (!installed) return ['runtime: no postgresql-client-<major> for the backup job'];
  const problems: string[] = [];
  for (const composeFile of composeFiles) {
    const image = String(get(composeFile, 'services', 'postgres', 'image') ?? '');
    const serverMajor = Number(/:(\d+)/.exec(image)?.[1]);
    if (!(serverMajor <= Number(installed))) {
      problems.push(`backup: pg_dump ${installed} cannot back up ${image || 'no postgres image'}`);
    }
  }
  return problems;
}
