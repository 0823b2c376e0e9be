import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const LIB = fileURLToPath(new URL('./lib.sh', import.meta.url));

/**
 * A stand-in for npm on the PATH: it "installs" a root node_modules with a workspace link and a
 * .bin/node, and a workspace's own node_modules, and counts its runs.
 */
const FAKE_NPM = `#!/usr/bin/env bash
set -e
echo run >>"$NPM_RUNS"
mkdir -p node_modules/.bin node_modules/left-pad node_modules/@hub web/node_modules/only-web
printf '#!/bin/sh\\necho node\\n' >node_modules/.bin/node
chmod +x node_modules/.bin/node
echo "$(cat package-lock.json)" >node_modules/left-pad/index.js
ln -sfn ../../web node_modules/@hub/web
echo web >web/node_modules/only-web/index.js
echo '{"hidden":true}' >node_modules/.package-lock.json
# What a tool left in a checkout installed again (vite's cache), not the install's.
mkdir -p node_modules/.vite web/node_modules/.vite
echo '{}' >node_modules/.vite/deps.json
echo '{}' >web/node_modules/.vite/deps.json
`;

let folder: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'hub-node-modules-cache-'));
  mkdirSync(join(folder, 'bin'));
  writeFileSync(join(folder, 'bin/npm'), FAKE_NPM);
  chmodSync(join(folder, 'bin/npm'), 0o755);
});

afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** A fresh clone: a git repository with a lock file, a package.json and a workspace. */
function clone(name: string, lock = '{"lockfileVersion":3}'): string {
  const repo = join(folder, name);
  mkdirSync(join(repo, 'web'), { recursive: true });
  writeFileSync(join(repo, 'package-lock.json'), lock);
  writeFileSync(join(repo, 'package.json'), '{"name":"x"}');
  writeFileSync(join(repo, 'web/package.json'), '{"name":"web"}');
  execFileSync('git', ['init', '-q'], { cwd: repo });
  return repo;
}

/** `ensure_npm_install` of lib.sh in the clone, the cache in the test's folder. */
function ensureInstall(repo: string, cache = join(folder, 'cache')): string {
  return execFileSync('bash', ['-c', `source "${LIB}" && ensure_npm_install`], {
    cwd: repo,
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${join(folder, 'bin')}:${process.env.PATH}`,
      HUB_NODE_MODULES_CACHE: cache,
      NPM_RUNS: join(folder, 'npm-runs'),
    },
  });
}

const npmRuns = () =>
  existsSync(join(folder, 'npm-runs'))
    ? readFileSync(join(folder, 'npm-runs'), 'utf8').trim().split('\n').length
    : 0;

// Each case runs lib.sh's shell functions over a few thousand files: seconds of disk work that a
// machine busy with other runs stretches past vitest's default 5 s.
describe(
  'node_modules kept for the next clone of the same lock file (infra/scripts/lib.sh)',
  {
    timeout: 60_000,
  },
  () => {
    it('copies a finished install into a fresh clone instead of installing again', () => {
      ensureInstall(clone('first'));
      expect(npmRuns()).toBe(1);

      const second = clone('second');
      const output = ensureInstall(second);
      expect(npmRuns()).toBe(1);
      expect(output).toContain('node_modules from');
      // Every folder, the workspace's own too; links stay relative, so they point into this clone.
      expect(readFileSync(join(second, 'web/node_modules/only-web/index.js'), 'utf8')).toBe(
        'web\n',
      );
      expect(readlinkSync(join(second, 'node_modules/@hub/web'))).toBe('../../web');
      // Its stamp is its own: the next run installs nothing.
      ensureInstall(second);
      expect(npmRuns()).toBe(1);
    });

    it("links the kept files into a fresh clone; npm's hidden lock file and tools' caches are not shared", () => {
      ensureInstall(clone('first'));
      const second = clone('second');
      ensureInstall(second);
      const [digest] = readdirSync(join(folder, 'cache'));
      const kept = (path: string) => join(folder, 'cache', digest!, 'tree', path);
      const inode = (path: string) => statSync(path).ino;
      // The packages' files are the kept ones, linked: no 1.7 GB copied again.
      for (const path of ['node_modules/left-pad/index.js', 'web/node_modules/only-web/index.js']) {
        expect(inode(join(second, path))).toBe(inode(kept(path)));
      }
      // npm writes its hidden lock file in place when it installs again: the clone has its own.
      const lock = 'node_modules/.package-lock.json';
      expect(inode(join(second, lock))).not.toBe(inode(kept(lock)));
      writeFileSync(join(second, lock), 'rewritten');
      expect(readFileSync(kept(lock), 'utf8')).toBe('{"hidden":true}\n');
      // A tool's cache in the installed checkout is not kept, so no clone writes into it.
      expect(existsSync(kept('node_modules/.vite'))).toBe(false);
      expect(existsSync(kept('web/node_modules/.vite'))).toBe(false);
    });

    it('installs when the lock file differs, and then keeps only the new install', () => {
      ensureInstall(clone('first'));
      const changed = clone('changed', '{"lockfileVersion":3,"packages":{}}');
      ensureInstall(changed);
      expect(npmRuns()).toBe(2);
      expect(readFileSync(join(changed, 'node_modules/left-pad/index.js'), 'utf8')).toContain(
        'packages',
      );

      const third = clone('third', '{"lockfileVersion":3,"packages":{}}');
      ensureInstall(third);
      expect(npmRuns()).toBe(2);
      // The first lock file's copy is gone: one copy of 1.6 GB at a time.
      expect(readdirSync(join(folder, 'cache'))).toHaveLength(1);
      ensureInstall(clone('again'));
      expect(npmRuns()).toBe(3);
    });

    it('leaves a checkout with node_modules to npm, and keeps nothing when turned off', () => {
      const repo = clone('first');
      ensureInstall(repo, 'off');
      expect(npmRuns()).toBe(1);
      expect(existsSync(join(folder, 'cache'))).toBe(false);

      // A stale node_modules (another lock file's) is updated by npm, not replaced by a copy.
      ensureInstall(clone('seed'));
      const stale = clone('stale');
      mkdirSync(join(stale, 'node_modules'));
      symlinkSync('nowhere', join(stale, 'node_modules/dangling'));
      ensureInstall(stale);
      expect(npmRuns()).toBe(3);
    });
  },
);
