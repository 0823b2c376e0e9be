// The shared code under packages/ is reached only through each package's exports, and a
// package's modules import one another without cycles: a cycle (the kit's configuration once
// imported the process lifecycle, which imported the configuration back) makes the order in
// which modules run depend on which one a process happens to load first.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const SKIPPED = new Set(['node_modules', 'dist', '.turbo', '.git', '.data']);
const RELATIVE_IMPORT = /(?:from\s+|import\s*\(\s*)'(\.{1,2}\/[^']+)'/g;

function sourcesBelow(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourcesBelow(relative);
    return SOURCE.test(entry.name) ? [relative] : [];
  });
}

/** The repository paths a file imports by relative specifier, `.js` read as its `.ts` source. */
function relativeImports(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(RELATIVE_IMPORT)].map(([, specifier]) =>
    path.posix.join(path.posix.dirname(file), specifier!).replace(/\.js$/, '.ts'),
  );
}

const PACKAGES = readdirSync(path.join(ROOT, 'packages'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `packages/${entry.name}`);

const packageOf = (file: string) => PACKAGES.find((folder) => file.startsWith(`${folder}/`));

/** Every import cycle among the given files' relative imports, each as the files around it. */
function importCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    trail.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push(trail.slice(trail.indexOf(next)));
      else if (!state.has(next) && graph.has(next)) visit(next);
    }
    trail.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

describe('the shared packages', () => {
  it('are reached from elsewhere only through their exports', () => {
    const groups = ['packages', 'services', 'workers', 'proto', 'web', 'infra', 'e2e', 'bench'];
    const reachingIn = groups
      .flatMap((group) => sourcesBelow(group))
      .flatMap((file) =>
        relativeImports(file)
          .filter((target) => packageOf(target) && packageOf(target) !== packageOf(file))
          .map((target) => `${file} -> ${target}`),
      );
    expect(reachingIn).toEqual([]);
  });

  it('reach nothing outside themselves by a relative path', () => {
    const reachingOut = PACKAGES.flatMap((folder) => sourcesBelow(folder)).flatMap((file) =>
      relativeImports(file)
        .filter((target) => packageOf(target) !== packageOf(file))
        .map((target) => `${file} -> ${target}`),
    );
    expect(reachingOut).toEqual([]);
  });

  it('hold no import cycle', () => {
    const files = PACKAGES.flatMap((folder) => sourcesBelow(folder));
    const graph = new Map(files.map((file) => [file, relativeImports(file)]));
    expect(importCycles(graph)).toEqual([]);
  });

  it('would see a cycle of two modules', () => {
    const graph = new Map([
      ['config.ts', ['lifecycle.ts']],
      ['lifecycle.ts', ['config.ts']],
      ['logger.ts', []],
    ]);
    expect(importCycles(graph)).toEqual([['config.ts', 'lifecycle.ts']]);
  });
});
