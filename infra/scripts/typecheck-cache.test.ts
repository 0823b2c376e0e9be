import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const LIB = fileURLToPath(new URL('./lib.sh', import.meta.url));
const TSGO = fileURLToPath(new URL('../../node_modules/.bin/tsgo', import.meta.url));
const STATE = 'node_modules/.cache/typecheck';

let folder: string;
/** The first checkout, checked once, its state kept for the tests' later checkouts. */
let first: string;

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'hub-typecheck-cache-'));
  first = checkout('first');
  expect(check(first).status).toBe(0);
  lib(first, 'save_typecheck_state');
}, 60_000);

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * A checkout of a two-project build as tsconfig.check.json is one: `app` reads `shapes`'
 * declarations, each project's build info and declarations under node_modules/.cache/typecheck.
 */
function checkout(
  name: string,
  shape = 'export const area = (side: number): number => side * side;',
): string {
  const repo = join(folder, name);
  mkdirSync(join(repo, 'shapes'), { recursive: true });
  mkdirSync(join(repo, 'app'), { recursive: true });
  const project = (dir: string, references: string[]) =>
    JSON.stringify({
      compilerOptions: {
        composite: true,
        emitDeclarationOnly: true,
        strict: true,
        module: 'nodenext',
        rootDir: '.',
        outDir: `../${STATE}/${dir}`,
        tsBuildInfoFile: `../${STATE}/${dir}.tsbuildinfo`,
      },
      include: ['*.ts'],
      references: references.map((path) => ({ path })),
    });
  writeFileSync(join(repo, 'shapes/tsconfig.json'), project('shapes', []));
  writeFileSync(join(repo, 'app/tsconfig.json'), project('app', ['../shapes']));
  writeFileSync(join(repo, 'shapes/area.ts'), shape);
  writeFileSync(
    join(repo, 'app/main.ts'),
    "import { area } from '../shapes/area.js';\nexport const tile: number = area(3);\n",
  );
  writeFileSync(
    join(repo, 'tsconfig.json'),
    JSON.stringify({ files: [], references: [{ path: 'shapes' }, { path: 'app' }] }),
  );
  return repo;
}

/** A lib.sh function run in the checkout, the kept state in the test's folder. */
function lib(repo: string, call: string, cache = join(folder, 'cache')): void {
  execFileSync('bash', ['-c', `source "${LIB}" && ${call}`], {
    cwd: repo,
    env: { ...process.env, HUB_TYPECHECK_CACHE: cache },
  });
}

const check = (repo: string) =>
  spawnSync(TSGO, ['-b', 'tsconfig.json', '--singleThreaded', '--verbose'], {
    cwd: repo,
    encoding: 'utf8',
  });

/** shapes' `area` returning a string, which app/main.ts's `tile: number` does not accept. */
const STRING_AREA = 'export const area = (side: number): string => `${side}`;';

/** The kept state restored in the checkout, whose check then finds app/main.ts's error. */
function expectErrorFoundAfterRestore(repo: string): void {
  lib(repo, 'restore_typecheck_state');
  const result = check(repo);
  expect(result.status).not.toBe(0);
  expect(result.stdout).toMatch(/app\/main\.ts.*Type 'string' is not assignable to type 'number'/);
}

describe(
  'the type check state kept for the next clone (infra/scripts/lib.sh)',
  { timeout: 60_000 },
  () => {
    it('gives a checkout without state the last passing check’s, which then checks nothing unchanged', () => {
      const second = checkout('second');
      lib(second, 'restore_typecheck_state');
      expect(existsSync(join(second, STATE, 'app.tsbuildinfo'))).toBe(true);
      const again = check(second);
      expect(again.status).toBe(0);
      // A new checkout's files are newer than the kept build info, so each project is opened; its
      // files' hashes match, so nothing is checked or written again.
      expect(again.stdout).toMatch(/Updating unchanged output timestamps of project 'shapes/);
      expect(again.stdout).toMatch(/Updating unchanged output timestamps of project 'app/);
    });

    it('checks again what a clone changed and what depends on it: an error is not hidden', () => {
      expectErrorFoundAfterRestore(checkout('changed', STRING_AREA));
    });

    it('checks a checkout whose files are older than the kept state, as a clone made before it is', () => {
      const older = checkout('older', STRING_AREA);
      const past = new Date('2001-01-01T00:00:00Z');
      for (const file of [
        'shapes/area.ts',
        'app/main.ts',
        'shapes/tsconfig.json',
        'app/tsconfig.json',
      ]) {
        utimesSync(join(older, file), past, past);
      }
      expectErrorFoundAfterRestore(older);
    });

    it('leaves a checkout’s own state alone, and keeps nothing when told off', () => {
      const own = checkout('own');
      mkdirSync(join(own, STATE), { recursive: true });
      writeFileSync(join(own, STATE, 'mine'), 'mine');
      lib(own, 'restore_typecheck_state');
      expect(existsSync(join(own, STATE, 'app.tsbuildinfo'))).toBe(false);
      expect(readFileSync(join(own, STATE, 'mine'), 'utf8')).toBe('mine');

      const off = checkout('off');
      lib(off, 'restore_typecheck_state', 'off');
      expect(existsSync(join(off, STATE))).toBe(false);
    });

    it('replaces the kept state with the newest passing check’s', () => {
      const changed = checkout('newer', 'export const area = (side: number): number => side * 2;');
      expect(check(changed).status).toBe(0);
      lib(changed, 'save_typecheck_state');
      const kept = readFileSync(join(folder, 'cache/current/state/shapes.tsbuildinfo'), 'utf8');
      expect(kept).toBe(readFileSync(join(changed, STATE, 'shapes.tsbuildinfo'), 'utf8'));
      expect(kept).not.toBe(readFileSync(join(first, STATE, 'shapes.tsbuildinfo'), 'utf8'));
    });
  },
);
