#!/usr/bin/env node
// Builds every workspace whose `build` is `tsc -p tsconfig.json --noCheck` (proto, packages,
// services, workers) in one `tsgo -b --noCheck`, dependencies first: the JavaScript `turbo run
// build` makes package by package, decorator metadata included (a rewritten relative import is
// quoted "..." where tsc writes '...'; declarations may list a union's members in another order,
// and no test or process reads them: the type check reads the sources). One process parses
// Node's and the libraries' typings once for all thirteen, where turbo's thirteen processes each
// parsed them again (2 Dec 2026, the 2-core machine: 119 CPU-s for the thirteen, 48 for one
// `tsc -b`), and TypeScript's native compiler emits them with half of `tsc -b`'s CPU (3 Dec,
// --force, Node 24, load 6-9: 23.6 and 26.4 against 12.0 and 11.8 CPU-s). `npm test` runs it
// beside the web app's `vite build`; `npm run build` (turbo, `tsc`) is unchanged.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keptBuild } from './kept-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const TSC_BUILD = 'tsc -p tsconfig.json --noCheck';

/**
 * @typedef {{ name: string, scripts?: Record<string, string>,
 *   dependencies?: Record<string, string>, devDependencies?: Record<string, string> }} Manifest
 * @typedef {{ name: string, folder: string, manifest: Manifest }} Workspace
 */

/** @param {string} file */
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * The root package.json's workspaces (folders, or `folder/*`), each with its package.json.
 * @returns {Workspace[]}
 */
export function workspaces() {
  /** @type {string[]} */
  const patterns = readJson(join(root, 'package.json')).workspaces;
  const folders = patterns.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => join(pattern.slice(0, -2), entry.name))
      : [pattern],
  );
  return folders
    .filter((folder) => existsSync(join(root, folder, 'package.json')))
    .map((folder) => {
      const manifest = readJson(join(root, folder, 'package.json'));
      return { name: manifest.name, folder, manifest };
    });
}

/**
 * The tsconfig.json of each workspace built by tsc, each after the workspaces it depends on.
 * @param {Workspace[]} all
 * @returns {string[]}
 */
export function tscProjects(all = workspaces()) {
  const built = new Map(
    all.filter((w) => w.manifest.scripts?.build === TSC_BUILD).map((w) => [w.name, w]),
  );
  /** @type {Workspace[]} */
  const ordered = [];
  const visiting = new Set();
  /** @param {Workspace} workspace */
  const visit = (workspace) => {
    if (ordered.includes(workspace)) return;
    if (visiting.has(workspace.name)) throw new Error(`dependency cycle at ${workspace.name}`);
    visiting.add(workspace.name);
    const { dependencies = {}, devDependencies = {} } = workspace.manifest;
    for (const name of Object.keys({ ...dependencies, ...devDependencies })) {
      const dependency = built.get(name);
      if (dependency && dependency !== workspace) visit(dependency);
    }
    ordered.push(workspace);
  };
  for (const workspace of built.values()) visit(workspace);
  return ordered.map((workspace) => join(workspace.folder, 'tsconfig.json'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tsgo = join(root, 'node_modules/.bin/tsgo');
  const projects = tscProjects();
  const extra = process.argv.slice(2);
  // Further arguments go to tsgo -b: `--force` rebuilds every package, `--verbose` says why.
  // One thread: tsgo's parallel parsing and emit cost twice the CPU for the same files where
  // `npm test`'s other checks already keep both cores busy (3 Dec, --force, load 21-26: 18.5 ->
  // 9.9 CPU-s, every dist/ file the same byte for byte).
  const build = () =>
    spawnSync(tsgo, ['-b', '--noCheck', '--singleThreaded', ...extra, ...projects], {
      cwd: root,
      stdio: 'inherit',
    }).status ?? 1;
  // A fresh clone of sources built before on this machine takes that build's outputs
  // (kept-build.mjs): 12-15 s of the checks phase where nothing changed. With arguments, tsgo
  // is asked.
  const folders = projects.map((project) => dirname(project));
  const status =
    extra.length > 0
      ? build()
      : keptBuild({
          root,
          name: 'packages',
          folders,
          outputs: folders.flatMap((folder) => [
            join(folder, 'dist'),
            join(folder, 'tsconfig.tsbuildinfo'),
          ]),
          build,
        });
  process.exit(status);
}
