import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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
