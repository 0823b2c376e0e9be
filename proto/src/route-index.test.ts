import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { RouteAccess } from './http.js';
import { routeIndex } from './route-index.js';
import * as roles from './roles.js';
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

/**
 * The name roles.ts declares a route's role set under (the table refers to these sets, so the
 * index does too: infra/role-sets.test.ts). The last of the names for one set (ALL_ROLES, not the
 * ROLES it is made of).
 */
function roleSetName(access: RouteAccess): string {
  if (access === 'public') return "'public'";
  const names = Object.entries(roles).filter(([, value]) => value === access);
  const name = names.at(-1)?.[0];
  if (!name) throw new Error(`a role set not declared in roles.ts: ${access.join(', ')}`);
  return name;
}

/** The index file as UPDATE_ROUTE_INDEX=1 writes it (JSON entries: `npm run format` after). */
function indexSource(): string {
  const sets = new Set<string>();
  const entries = Object.entries(expected).map(([name, { method, path, access, upload }]) => {
    const set = roleSetName(access);
    if (set !== "'public'") sets.add(set);
    const field = upload ? `, upload: { fileField: '${upload.fileField}' }` : '';
    return `  ${name}: { method: '${method}', path: '${path}', access: ${set}${field} },`;
  });
  const [head = ''] = readFileSync(indexFile, 'utf8').split('export const routeIndex');
  const imports = `import { ${[...sets].sort().join(', ')} } from './roles.js';\n`;
  const rest = head.replace(/import \{[^}]*\} from '\.\/roles\.js';\n/s, '');
  return `${imports}${rest}export const routeIndex: RouteIndex<Api> = {\n${entries.join('\n')}\n};\n`;
}

describe("the route index (the web app's view of the route table)", () => {
  it("holds every route of the table with its method, path, access and upload's field, no more", () => {
    if (process.env.UPDATE_ROUTE_INDEX === '1') return writeFileSync(indexFile, indexSource());
    // Compared as data: a route added, removed or changed in routes/*.ts fails here until the
    // index is written again.
    expect(JSON.parse(JSON.stringify(routeIndex)), OUT_OF_DATE).toEqual(expected);
  });

  it("names each route's role set as the table does, declared once in roles.ts", () => {
    if (process.env.UPDATE_ROUTE_INDEX === '1') return;
    for (const [name, route] of Object.entries(api)) {
      expect(routeIndex[name as keyof typeof api].access, `${name} ${OUT_OF_DATE}`).toBe(
        route.access,
      );
    }
  });
});
