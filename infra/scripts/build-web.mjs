#!/usr/bin/env node
// `npm test`'s build of the web app: `vite build` of @hub/web, unless a build of the same sources
// (the app's and proto's, which it compiles) is kept on this machine (kept-build.mjs).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keptBuild } from './kept-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const status = keptBuild({
  root,
  name: 'web',
  folders: ['web', 'proto'],
  outputs: ['web/dist'],
  build: () =>
    spawnSync('npm', ['run', 'build', '--workspace', '@hub/web'], { cwd: root, stdio: 'inherit' })
      .status ?? 1,
});
process.exit(status);
