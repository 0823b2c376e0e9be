// Every set of roles is declared once, in proto/src/roles.ts, named by what it allows: a role
// array written anywhere else (an inline `['super_admin', 'admin']`, a `readonly Role[]` kept
// by a feature) is how the same grant ended up written six times under six names.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { ROLES } from '@hub/proto';
import { expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOME = 'proto/src/roles.ts';
const ROLE = `'(?:${ROLES.join('|')})'`;
/** An array literal of two or more role names, or one declared as a set of roles. */
const ROLE_ARRAY = new RegExp(
  `\\[\\s*${ROLE}\\s*,\\s*${ROLE}|:\\s*readonly\\s+Role\\w*\\[\\]\\s*=\\s*\\[`,
  'g',
);

/** Application code: tests may list roles to ask with, migrations keep their SQL as written. */
function sourceFiles(): string[] {
  return execFileSync('git', ['ls-files', '*.ts', '*.tsx'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /^(proto|packages|services|workers|web)\/.*\/?src\//.test(file))
    .filter((file) => !/\.test\.tsx?$|\/migrations\/|\/test-support\//.test(file))
    .filter((file) => file !== HOME);
}

/** Each match as file:line and the line itself (arrays may span lines: the text is searched whole). */
function roleArraysIn(file: string, text: string): string[] {
  return [...text.matchAll(ROLE_ARRAY)].map((match) => {
    const line = text.slice(0, match.index).split('\n').length;
    return `${file}:${line}: ${text.split('\n')[line - 1]!.trim()}`;
  });
}

it('declares every role set in proto/src/roles.ts only', () => {
  const offenders = sourceFiles().flatMap((file) =>
    roleArraysIn(file, readFileSync(path.join(ROOT, file), 'utf8')),
  );
  expect(offenders).toEqual([]);
});

it('recognises a role set however it is written', () => {
  const written = [
    "const STAFF: readonly Role[] = ['super_admin', 'admin'];",
    "export const EDITORS = [\n  'super_admin',\n  'admin',\n] as const;",
    "export const VIEWERS: readonly RoleType[] = [\n  'manager',\n];",
  ];
  expect(written.map((text) => roleArraysIn('x.ts', text).length)).toEqual([1, 1, 1]);
});
