// The gateway's integration tests call the API through the route table (issue #50, item 3):
// `session.call(api.x, { params, query, body })` (services/gateway/test/api-client.ts) builds
// the path from the contract and parses the answer with its response schema, so a renamed route
// or a changed answer fails the type check instead of a test at run time. This test reads the
// test files as text and fails on a raw API path: a string or template literal that begins with
// `/api/`, unless it is listed below as no route of the table, with why.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TESTS = 'services/gateway/test';
const RAW_PATH = /(['"`])\/api\/[^'"`]*/g;

/** Literals that are no route of the table, each with why it is written out. */
const NOT_ROUTES: Record<string, Record<string, string>> = {
  'routes.int.test.ts': {
    "'/api/no-such-thing": 'an unknown path must answer JSON 404',
    "'/api/admin/organizations": 'a prefix: the routes below it, which name organizations',
    "'/api/auth/organization/{domain}": 'a path of the generated OpenAPI document',
    "'/api/auth/login": 'a key of the generated OpenAPI document',
  },
  'versions.int.test.ts': {
    '`/api/library/documents/${original.id}/versions/1': 'no route answers a bare version',
  },
  'security-headers.int.test.ts': {
    "'/api/nothing-here": 'an unknown path gets the security headers too',
  },
};

/** Every .ts file below the gateway's test folder, as a path from that folder. */
function testFiles(folder = ''): string[] {
  return readdirSync(path.join(ROOT, TESTS, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = folder === '' ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) return testFiles(relative);
    return entry.name.endsWith('.ts') ? [relative] : [];
  });
}

/** The raw API paths of a file's code (comments, which may name paths, left out). */
function rawPaths(file: string): string[] {
  const code = readFileSync(path.join(ROOT, TESTS, file), 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join('\n');
  return [...code.matchAll(RAW_PATH)].map(([literal]) => literal);
}

describe('gateway integration tests call routes through the route table', () => {
  const files = testFiles();

  it('finds the files it checks', () => {
    expect(files).toContain('routes.int.test.ts');
    expect(files).toContain('tenant-fixtures.ts');
  });

  it('has no raw /api/ path but the literals listed as no route', () => {
    const raw = files.flatMap((file) => {
      const allowed = NOT_ROUTES[file] ?? {};
      return rawPaths(file)
        .filter((literal) => !(literal in allowed))
        .map((literal) => `${file}: ${literal}`);
    });
    expect(raw, 'call the route: session.call(api.x, { params, query, body })').toEqual([]);
  });

  it('lists only literals that are still written out', () => {
    const stale = Object.entries(NOT_ROUTES).flatMap(([file, allowed]) => {
      const found = new Set(rawPaths(file));
      return Object.keys(allowed)
        .filter((literal) => !found.has(literal))
        .map((literal) => `${file}: ${literal}`);
    });
    expect(stale, 'no longer written: take these off NOT_ROUTES').toEqual([]);
  });
});
