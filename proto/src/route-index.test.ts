import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeIndex } from './route-index.js';
import { api } from './routes.js';

const indexFile = fileURLToPath(new URL('./route-index.ts', import.meta.url));

/** What the index must hold of each route (RouteEntry): the table's facts a client needs, no schema. */
const expected = Object.fromEntries(
  Object.entries(api).map(([name, route]) => [
    name,
    {
      method: route.method,
      path: route.path,
      access: route.access,
      ...(route.upload ? { upload: { fileField: route.upload.fileField } } : {}),
    },
  ]),
);

const OUT_OF_DATE =
  'proto/src/route-index.ts differs from the route table: write it again with ' +
  '`UPDATE_ROUTE_INDEX=1 npx vitest run --project unit proto/src/route-index.test.ts`, ' +
  'then `npm run format`';

/** The index file as UPDATE_ROUTE_INDEX=1 writes it (JSON entries: `npm run format` after). */
function indexSource(): string {
  const entries = Object.entries(expected).map(
    ([name, entry]) => `  ${name}: ${JSON.stringify(entry)},`,
  );
  const head = readFileSync(indexFile, 'utf8').split('export const routeIndex')[0];
  return `${head}export const routeIndex: RouteIndex<Api> = {\n${entries.join('\n')}\n};\n`;
}

describe("the route index (the web app's view of the route table)", () => {
  it("holds every route of the table with its method, path, access and upload's field, no more", () => {
    if (process.env.UPDATE_ROUTE_INDEX === '1') return writeFileSync(indexFile, indexSource());
    // Compared as data: a route added, removed or changed in routes/*.ts fails here until the
    // index is written again.
    expect(JSON.parse(JSON.stringify(routeIndex)), OUT_OF_DATE).toEqual(expected);
  });
});
