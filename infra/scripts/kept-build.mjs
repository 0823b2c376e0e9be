// A build's outputs kept on the machine under the hash of everything it was built from, so that a
// fresh clone of the same sources puts them in place instead of building again: CI's clone of the
// commit a session last tested, or a second clone of a branch. The key covers every file of the
// build's folders that git tracks or would track (so an edit not yet committed, or a new file,
// makes another key), the lock file (the compilers' and libraries' versions) and the shared
// compiler options; a build whose key is not kept runs as before and is kept once it succeeds.
// Unlike a build that goes on from its last outputs, nothing stale can come back: the outputs are
// replaced whole by those made from exactly these inputs. HUB_BUILD_CACHE names the folder, `off`
// disables it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Files beside the folders that every build here depends on. */
const SHARED_INPUTS = ['package-lock.json', 'tsconfig.base.json'];

/** The folder builds are kept in, or null when turned off. */
export function buildCache(env = process.env) {
  if (env.HUB_BUILD_CACHE === 'off') return null;
  return (
    env.HUB_BUILD_CACHE ??
    join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'frontline-hub/builds')
  );
}

/**
 * The hash of a build's inputs: the files git lists in `folders` (tracked, or untracked and not
 * ignored) and the shared inputs, by path and content. Null outside a git checkout.
 * @param {string} root
 * @param {string[]} folders
 * @returns {string | null}
 */
export function inputsKey(root, folders) {
  const listed = spawnSync(
    'git',
    ['ls-files', '-co', '--exclude-standard', '-z', '--', ...folders],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (listed.status !== 0) return null;
  const files = [
    ...new Set([...SHARED_INPUTS, ...listed.stdout.split('\0').filter(Boolean)]),
  ].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const path = join(root, file);
    // A file deleted but not yet committed is listed by git and gone from the disk.
    hash.update(
      `${file}\0${existsSync(path) ? createHash('sha256').update(readFileSync(path)).digest('hex') : '-'}\0`,
    );
  }
  return hash.digest('hex');
}

/**
 * Puts the kept outputs of `key` in place of `outputs` (paths under root); false when none kept.
 * @param {string} root
 * @param {string} cache  this build's folder in the cache
 * @param {string} key
 * @param {string[]} outputs
 */
export function restoreKept(root, cache, key, outputs) {
  const kept = join(cache, key);
  if (!existsSync(join(kept, 'complete'))) return false;
  for (const output of outputs) {
    rmSync(join(root, output), { recursive: true, force: true });
    const from = join(kept, 'outputs', output);
    // Copied without their times: newer than the clone's sources, as a build here would leave them.
    if (existsSync(from)) cpSync(from, join(root, output), { recursive: true });
  }
  return true;
}

/**
 * Keeps `outputs` under `key`, the build's other keys removed (one build of each kind is kept).
 * Never fails the build: a full disk only means the next clone builds.
 * @param {string} root
 * @param {string} cache
 * @param {string} key
 * @param {string[]} outputs
 */
export function keepBuild(root, cache, key, outputs) {
  const saving = join(cache, `.saving-${process.pid}`);
  try {
    rmSync(saving, { recursive: true, force: true });
    for (const output of outputs) {
      if (existsSync(join(root, output))) {
        cpSync(join(root, output), join(saving, 'outputs', output), { recursive: true });
      }
    }
    mkdirSync(saving, { recursive: true });
    writeFileSync(join(saving, 'complete'), '');
    for (const entry of readdirSync(cache)) {
      if (entry !== key && !entry.startsWith('.saving-'))
        rmSync(join(cache, entry), { recursive: true, force: true });
    }
    rmSync(join(cache, key), { recursive: true, force: true });
    renameSync(saving, join(cache, key));
  } catch (error) {
    rmSync(saving, { recursive: true, force: true });
    console.warn(`==> the build was not kept for the next clone: ${String(error)}`);
  }
}

/**
 * restoreKept, or nothing at all: a kept build removed while it was copied (another clone keeping
 * its own) leaves no outputs half replaced for the build that follows to take as up to date.
 * @param {string} root
 * @param {string} cache
 * @param {string} key
 * @param {string[]} outputs
 */
function restoredWhole(root, cache, key, outputs) {
  try {
    return restoreKept(root, cache, key, outputs);
  } catch {
    for (const output of outputs) rmSync(join(root, output), { recursive: true, force: true });
    return false;
  }
}

/**
 * Runs `build` unless the outputs of the same inputs are kept; keeps them after a build that
 * succeeded. Returns the build's exit status.
 * @param {{ root: string, name: string, folders: string[], outputs: string[], build: () => number }} what
 */
export function keptBuild({ root, name, folders, outputs, build }) {
  const cacheRoot = buildCache();
  const key = cacheRoot && inputsKey(root, folders);
  const cache = cacheRoot && join(cacheRoot, name);
  if (cache && key && restoredWhole(root, cache, key, outputs)) {
    console.log(`==> ${name}: the outputs of these sources, kept from a build on this machine`);
    return 0;
  }
  const status = build();
  if (status === 0 && cache && key) {
    mkdirSync(cache, { recursive: true });
    keepBuild(root, cache, key, outputs);
  }
  return status;
}
