import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { api } from '@hub/proto';
import { expect, it } from 'vitest';

const assets = fileURLToPath(new URL('../web/dist/assets', import.meta.url));

/**
 * The built app calls routes through proto's route index (web/src/api/routes.ts), not the route
 * table, whose schemas it would build at each load. A route's summary is in the table only; the
 * long ones are sentences no page shows. `npm test` builds the app before the unit project; a unit
 * run without a build skips this.
 */
it.skipIf(!existsSync(assets))('the built app leaves the route table out of its scripts', () => {
  const scripts = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(`${assets}/${file}`, 'utf8'))
    .join('\n');
  const shipped = Object.values(api)
    .filter((route) => route.summary.length >= 40 && scripts.includes(route.summary))
    .map((route) => route.path);
  expect(shipped).toEqual([]);
});

const dist = fileURLToPath(new URL('../web/dist', import.meta.url));

it.skipIf(!existsSync(assets))(
  'the built app has a brotli and a gzip copy of each script and style sheet worth compressing, the same bytes once decoded',
  () => {
    const files = ['sw.js', ...readdirSync(assets).map((file) => `assets/${file}`)].filter(
      (file) => /\.(js|css)$/.test(file) && statSync(`${dist}/${file}`).size >= 1024,
    );
    expect(files.length).toBeGreaterThan(10);
    const wrong = files.filter((file) => {
      const bytes = readFileSync(`${dist}/${file}`);
      const decoded = [
        brotliDecompressSync(readFileSync(`${dist}/${file}.br`)),
        gunzipSync(readFileSync(`${dist}/${file}.gz`)),
      ];
      return !decoded.every((copy) => copy.equals(bytes));
    });
    expect(wrong).toEqual([]);
  },
);
