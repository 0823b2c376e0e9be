import { build, defaultClientConditions, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { env } from 'node:process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const root = fileURLToPath(new URL('.', import.meta.url));
/** proto's own sources (the app compiles them), not any package's `proto/src`. */
const PROTO_SOURCES = new RegExp(
  `^${resolve(root, '../proto/src').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\\\/]`,
);
/** Where `/api` is forwarded in dev and preview; the gateway listens on 8080 by default. */
const apiTarget = env.HUB_API_URL ?? 'http://localhost:8080';

/**
 * Builds the service worker (src/pwa/service-worker.ts) on its own, after the app, into
 * dist/sw.js: one classic script at the root (its scope is the whole app), sharing no chunk with
 * the app, its name without a hash (the browser checks that URL for updates). It is given the
 * list of the app's assets (`__HUB_ASSETS__`) to keep at install: the pages' chunks are loaded
 * only when a page is opened, and a page never opened online must still open offline. The list
 * changes with any asset, so a release is a new worker.
 */
function serviceWorker(): Plugin {
  let outDir = '';
  let assets: string[] = [];
  return {
    name: 'hub-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      assets = Object.keys(bundle)
        .filter((file) => file.startsWith('assets/'))
        .sort()
        .map((file) => `/${file}`);
    },
    async closeBundle() {
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        define: { __HUB_ASSETS__: JSON.stringify(assets) },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          lib: {
            entry: 'src/pwa/service-worker.ts',
            formats: ['iife'],
            name: 'hubServiceWorker',
            fileName: () => 'sw.js',
          },
        },
      });
    },
  };
}

/** What a browser reads as text, and so gains from compression: the scripts, styles and images. */
const COMPRESSIBLE = /\.(js|css|svg)$/;
/** Below this a response's headers outweigh what compression saves. */
const COMPRESS_FROM_BYTES = 1024;
const ENCODINGS = [
  {
    suffix: '.br',
    compress: (bytes: Buffer) =>
      promisify(brotliCompress)(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
  },
  { suffix: '.gz', compress: (bytes: Buffer) => promisify(gzip)(bytes, { level: 9 }) },
];

/**
 * Writes a brotli and a gzip copy beside each script, style sheet and image of dist/ (the
 * service worker's too, so after it is built), which the gateway sends to a browser that accepts
 * them (@fastify/static's `preCompressed`): a phone's first load over its network carries about a
 * quarter of the bytes, compressed once at the build at the highest setting rather than at each
 * request. A copy no smaller than its file is not kept.
 */
function precompressedCopies(): Plugin {
  let outDir = '';
  return {
    name: 'hub-precompressed-copies',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await readdir(outDir, { recursive: true })).filter((file) =>
          COMPRESSIBLE.test(file),
        );
        await Promise.all(files.map((file) => writeCompressedCopies(join(outDir, file))));
      },
    },
  };
}

async function writeCompressedCopies(file: string) {
  const bytes = await readFile(file);
  if (bytes.length < COMPRESS_FROM_BYTES) return;
  for (const { suffix, compress } of ENCODINGS) {
    const compressed = await compress(bytes);
    if (compressed.length < bytes.length) await writeFile(file + suffix, compressed);
  }
}

export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), serviceWorker(), precompressedCopies()],
  resolve: {
    // Compile @hub/proto from its TypeScript sources instead of a prebuilt dist.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      // The gateway's queue dashboard (bull-board), outside the web app.
      '/admin/queues': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      // The gateway's queue dashboard (bull-board), outside the web app.
      '/admin/queues': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // proto's modules only declare (schemas, constants, route tables): one the app imports
      // nothing from is left out of the bundle, with the schemas it would build at each load.
      treeshake: { moduleSideEffects: [{ test: PROTO_SOURCES, sideEffects: false }] },
      output: {
        // Libraries every page uses change less often than the app: separate chunks stay cached
        // across releases. The others go with the pages that import them (charts, Markdown), not
        // into one chunk every first load would compile.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'radix', test: /node_modules[\\/]@radix-ui[\\/]/ },
          ],
        },
      },
    },
  },
});
