import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inputsKey, keptBuild } from './kept-build.mjs';

let folder: string;
let previousCache: string | undefined;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'hub-kept-build-'));
  previousCache = process.env.HUB_BUILD_CACHE;
  process.env.HUB_BUILD_CACHE = join(folder, 'cache');
});

afterEach(() => {
  if (previousCache === undefined) delete process.env.HUB_BUILD_CACHE;
  else process.env.HUB_BUILD_CACHE = previousCache;
  rmSync(folder, { recursive: true, force: true });
});

/** A clone: a git repository with a package's sources, its dist/ ignored, and the shared inputs. */
function clone(name: string, source = 'export const a = 1;\n'): string {
  const repo = join(folder, name);
  mkdirSync(join(repo, 'pkg/src'), { recursive: true });
  writeFileSync(join(repo, '.gitignore'), 'dist/\n');
  writeFileSync(join(repo, 'package-lock.json'), '{"lockfileVersion":3}');
  writeFileSync(join(repo, 'tsconfig.base.json'), '{}');
  writeFileSync(join(repo, 'pkg/src/a.ts'), source);
  execFileSync('git', ['init', '-q'], { cwd: repo });
  execFileSync('git', ['add', '.'], { cwd: repo });
  return repo;
}

/** keptBuild of pkg, whose build writes dist/a.js from the source and counts its runs. */
function build(repo: string, runs: string[]): number {
  return keptBuild({
    root: repo,
    name: 'packages',
    folders: ['pkg'],
    outputs: ['pkg/dist'],
    build: () => {
      runs.push(repo);
      mkdirSync(join(repo, 'pkg/dist'), { recursive: true });
      const source = readFileSync(join(repo, 'pkg/src/a.ts'), 'utf8');
      writeFileSync(join(repo, 'pkg/dist/a.js'), `// built\n${source}`);
      return 0;
    },
  });
}

describe("a build's outputs kept for a clone of the same sources (infra/scripts/kept-build.mjs)", () => {
  it('puts the kept outputs in place in a fresh clone of the same sources instead of building', () => {
    const runs: string[] = [];
    expect(build(clone('first'), runs)).toBe(0);
    const second = clone('second');
    expect(build(second, runs)).toBe(0);
    expect(runs).toHaveLength(1);
    expect(readFileSync(join(second, 'pkg/dist/a.js'), 'utf8')).toBe(
      '// built\nexport const a = 1;\n',
    );
  });

  it('builds again when a source differs, an uncommitted edit or a new file too, and keeps only the newest', () => {
    const runs: string[] = [];
    build(clone('first'), runs);
    const edited = clone('edited');
    writeFileSync(join(edited, 'pkg/src/a.ts'), 'export const a = 2;\n');
    build(edited, runs);
    expect(runs).toHaveLength(2);
    expect(readFileSync(join(edited, 'pkg/dist/a.js'), 'utf8')).toContain('a = 2');

    const added = clone('added');
    writeFileSync(join(added, 'pkg/src/b.ts'), 'export const b = 1;\n');
    build(added, runs);
    expect(runs).toHaveLength(3);
    expect(readdirSync(join(folder, 'cache/packages'))).toHaveLength(1);
  });

  it('replaces stale outputs whole: a file of an older build does not survive', () => {
    const runs: string[] = [];
    build(clone('first'), runs);
    const stale = clone('stale');
    mkdirSync(join(stale, 'pkg/dist'), { recursive: true });
    writeFileSync(join(stale, 'pkg/dist/removed-migration.js'), 'old');
    build(stale, runs);
    expect(runs).toHaveLength(1);
    expect(readdirSync(join(stale, 'pkg/dist'))).toEqual(['a.js']);
  });

  it('keys on the shared inputs too, ignores what git ignores, and keeps nothing when off', () => {
    const repo = clone('first');
    const key = inputsKey(repo, ['pkg']);
    writeFileSync(join(repo, 'pkg/dist-note.txt'), 'new');
    expect(inputsKey(repo, ['pkg'])).not.toBe(key);
    rmSync(join(repo, 'pkg/dist-note.txt'));
    mkdirSync(join(repo, 'pkg/dist'), { recursive: true });
    writeFileSync(join(repo, 'pkg/dist/a.js'), 'ignored');
    expect(inputsKey(repo, ['pkg'])).toBe(key);
    writeFileSync(join(repo, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}');
    expect(inputsKey(repo, ['pkg'])).not.toBe(key);
    expect(inputsKey(folder, ['pkg'])).toBeNull();

    process.env.HUB_BUILD_CACHE = 'off';
    const runs: string[] = [];
    build(clone('second'), runs);
    build(clone('third'), runs);
    expect(runs).toHaveLength(2);
    expect(existsSync(join(folder, 'off'))).toBe(false);
  });

  it('keeps nothing of a build that failed', () => {
    const repo = clone('first');
    const status = keptBuild({
      root: repo,
      name: 'packages',
      folders: ['pkg'],
      outputs: ['pkg/dist'],
      build: () => 2,
    });
    expect(status).toBe(2);
    expect(existsSync(join(folder, 'cache/packages'))).toBe(false);
  });
});
