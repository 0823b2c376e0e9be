// Preloaded into each process by `bench/memory.mjs --modules DIR` (`node --import` this file):
// records every module file the process loads (import and require alike), and when the process
// ends writes them to DIR/<BENCH_PROCESS_NAME>.modules.json, with the moment each was first
// loaded (ms after start) so what start-up loads is told from what a request loads later.
import { statSync, writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = process.env.BENCH_MODULES_DIR;
const name = process.env.BENCH_PROCESS_NAME ?? String(process.pid);
/** @type {Map<string, number>} file -> ms after start when first loaded */
const loaded = new Map();

if (dir) {
  registerHooks({
    load(url, context, nextLoad) {
      if (url.startsWith('file:')) {
        const file = fileURLToPath(url);
        if (!loaded.has(file)) loaded.set(file, Math.round(performance.now()));
      }
      return nextLoad(url, context);
    },
  });
  process.once('exit', () => {
    const modules = [...loaded].map(([file, at]) => {
      let bytes = 0;
      try {
        bytes = statSync(file).size;
      } catch {
        // gone since: counted without its size
      }
      return { file: path.relative(process.cwd(), file), at, bytes };
    });
    writeFileSync(path.join(dir, `${name}.modules.json`), JSON.stringify(modules));
  });
}
