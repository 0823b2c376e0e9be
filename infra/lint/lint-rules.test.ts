// The lint configuration (.oxlintrc.json) catches what it is there for: the rules the project
// chose and its own rules, each in its files and not in their exceptions. oxlint runs on small
// sources laid out as the repository's folders, in a folder of their own, with the project's
// configuration (its plugin given by absolute path).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const OXLINT = join(ROOT, 'node_modules/.bin/oxlint');

/** Each probe's path and source; what it holds is in its name. */
const PROBES: Record<string, string> = {
  'services/library/src/any.ts': 'export const loose = (value: any) => value;\n',
  'services/library/src/unused.ts': 'const forgotten = 1;\nexport const kept = 2;\n',
  'services/library/src/unused-underscore.ts':
    'const _spare = 1;\nexport const kept = (_ignored: number) => 2;\n',
  'services/library/src/never-reassigned.ts': 'let size = 1;\nexport const twice = size * 2;\n',
  'infra/scripts/undefined-name.mjs': 'export const size = lenght + process.argv.length;\n',
  'web/public/worker.js': 'self.addEventListener("fetch", () => caches.keys());\n',
  'services/library/src/imports-twice.ts':
    "import { readFile } from 'node:fs';\nimport { writeFile } from 'node:fs';\nexport { readFile, writeFile };\n",
  'services/library/src/sql.service.ts':
    "export const count = (db: { query(sql: string): unknown }) => db.query('select 1');\n",
  'services/library/src/sql.repository.ts':
    "export const count = (db: { query(sql: string): unknown }) => db.query('select 1');\n",
  'services/library/src/reporting/sql.ts':
    "export const count = (db: { query(sql: string): unknown }) => db.query('select 1');\n",
  'services/library/src/sql.test.ts':
    "export const count = (db: { query(sql: string): unknown }) => db.query('select 1');\n",
  'services/library/src/migrations/1-sql.ts':
    "export const up = (db: { query(sql: string): unknown }) => db.query('select 1');\n",
  'services/library/src/test-support/sql.ts':
    "export const count = (db: { query(sql: string): unknown }) => db.query('select 1');\n",
  'packages/kit/src/paging/sql.ts':
    "export const count = (db: { query(sql: string): unknown }) => db.query('select 1');\n",
  'packages/kit/src/database/sql.ts':
    "export const count = (db: { query(sql: string): unknown }) => db.query('select 1');\n",
  'workers/pdf/src/proto-value.ts':
    "import { ROLES } from '@hub/proto';\nexport const roles = ROLES;\n",
  'workers/pdf/src/proto-type.ts':
    "import type { Role } from '@hub/proto';\nexport const role: Role | null = null;\n",
  'workers/pdf/src/proto-value.test.ts':
    "import { ROLES } from '@hub/proto';\nexport const roles = ROLES;\n",
  'workers/pdf/src/kit-value.ts':
    "import { Module } from '@hub/kit';\nexport const kit = Module;\n",
  'workers/pdf/src/test-support/kit-value.ts':
    "import { Module } from '@hub/kit';\nexport const kit = Module;\n",
  'web/src/text.tsx': 'export const Page = () => <p>Hello</p>;\n',
  'web/src/text-attribute.tsx': 'export const Page = () => <img alt="A chart" src="/a.png" />;\n',
  'web/src/text-choice.tsx':
    "export const Page = ({ done }: { done: boolean }) => <p>{done ? 'Done' : 'Open'}</p>;\n",
  'web/src/text-literal.tsx': "export const Page = () => <p>{'Hello'}</p>;\n",
  'web/src/text-template.tsx': 'export const Page = () => <p>{`Hello`}</p>;\n',
  'web/src/text-and.tsx':
    "export const Page = ({ late }: { late: boolean }) => <p>{late && 'Late'}</p>;\n",
  'web/src/text-attribute-braces.tsx':
    "export const Page = () => <input placeholder={'Your name'} />;\n",
  'web/src/translated.tsx':
    "declare const t: (key: string) => string;\nexport const Page = () => <p title={t('page.title')}>{t('page.body')}</p>;\n",
  'web/src/route-table.ts':
    "import { api } from '@hub/proto';\nexport const path = api.health.path;\n",
  'web/src/route-constants.ts':
    "import { ROLES } from '@hub/proto';\nexport const roles = ROLES;\n",
  'web/src/hook-in-condition.tsx':
    "import { useState } from 'react';\nexport function Panel({ open }: { open: boolean }) {\n  if (open) {\n    const [value] = useState(0);\n    return value;\n  }\n  return null;\n}\n",
  'web/src/use-panel.ts':
    "import { useState } from 'react';\nexport function usePanel(open: boolean) {\n  if (open) useState(0);\n}\n",
  'web/src/effect-deps.tsx':
    "import { useEffect } from 'react';\nexport function Panel({ id }: { id: number }) {\n  useEffect(() => {\n    console.log(id);\n  }, []);\n  return null;\n}\n",
};

/** The project's configuration, read as oxlint reads it: JSON with comments. */
function projectConfig(): { jsPlugins: string[] } & Record<string, unknown> {
  const file = join(ROOT, '.oxlintrc.json');
  const { config, error } = ts.parseConfigFileTextToJson(file, readFileSync(file, 'utf8'));
  if (error) throw new Error(`.oxlintrc.json: ${String(error.messageText)}`);
  return config;
}

let folder: string;
/** The rules each probe broke, by probe. */
const broken = new Map<string, string[]>();

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'hub-lint-'));
  const config = projectConfig();
  config.jsPlugins = config.jsPlugins.map((plugin) => join(ROOT, plugin));
  writeFileSync(join(folder, '.oxlintrc.json'), JSON.stringify(config));
  for (const [file, source] of Object.entries(PROBES)) {
    mkdirSync(dirname(join(folder, file)), { recursive: true });
    writeFileSync(join(folder, file), source);
  }
  const { stdout, stderr } = await promisify(execFile)(OXLINT, ['--format=json', '--threads=1'], {
    cwd: folder,
  }).catch((failed: { stdout: string; stderr: string }) => failed);
  let report: { diagnostics: { code: string; filename: string }[] };
  try {
    report = JSON.parse(stdout);
  } catch {
    throw new Error(`oxlint gave no report: ${stderr}`);
  }
  for (const { code, filename } of report.diagnostics) {
    broken.set(filename, [...(broken.get(filename) ?? []), code]);
  }
}, 60_000);

afterAll(() => rmSync(folder, { recursive: true, force: true }));

const rulesBrokenBy = (file: string) => broken.get(file) ?? [];

describe('the lint configuration', () => {
  it('refuses any, unused names and a module imported twice', () => {
    expect(rulesBrokenBy('services/library/src/any.ts')).toEqual(['typescript(no-explicit-any)']);
    expect(rulesBrokenBy('services/library/src/unused.ts')).toEqual(['eslint(no-unused-vars)']);
    expect(rulesBrokenBy('services/library/src/unused-underscore.ts')).toEqual([]);
    expect(rulesBrokenBy('services/library/src/never-reassigned.ts')).toEqual([
      'eslint(prefer-const)',
    ]);
    expect(rulesBrokenBy('services/library/src/imports-twice.ts')).toEqual([
      'eslint(no-duplicate-imports)',
    ]);
  });

  it('refuses an undefined name in plain JavaScript, knowing the browser in web/public', () => {
    expect(rulesBrokenBy('infra/scripts/undefined-name.mjs')).toEqual(['eslint(no-undef)']);
    expect(rulesBrokenBy('web/public/worker.js')).toEqual([]);
  });

  it('refuses SQL in a service outside repositories, reporting modules and tests', () => {
    expect(rulesBrokenBy('services/library/src/sql.service.ts')).toEqual([
      'hub(sql-in-repositories)',
    ]);
    expect(rulesBrokenBy('services/library/src/sql.repository.ts')).toEqual([]);
    expect(rulesBrokenBy('services/library/src/reporting/sql.ts')).toEqual([]);
    expect(rulesBrokenBy('services/library/src/sql.test.ts')).toEqual([]);
    expect(rulesBrokenBy('services/library/src/migrations/1-sql.ts')).toEqual([]);
    expect(rulesBrokenBy('services/library/src/test-support/sql.ts')).toEqual([]);
    expect(rulesBrokenBy('packages/kit/src/paging/sql.ts')).toEqual(['hub(sql-in-repositories)']);
    expect(rulesBrokenBy('packages/kit/src/database/sql.ts')).toEqual([]);
  });

  it('refuses a worker value imports from the route table, not its types or its tests', () => {
    expect(rulesBrokenBy('workers/pdf/src/proto-value.ts')).toEqual([
      'eslint(no-restricted-imports)',
    ]);
    expect(rulesBrokenBy('workers/pdf/src/proto-type.ts')).toEqual([]);
    expect(rulesBrokenBy('workers/pdf/src/proto-value.test.ts')).toEqual([]);
    expect(rulesBrokenBy('workers/pdf/src/kit-value.ts')).toEqual([
      'eslint(no-restricted-imports)',
    ]);
    expect(rulesBrokenBy('workers/pdf/src/test-support/kit-value.ts')).toEqual([]);
  });

  it("refuses the route table in the web app, not proto's other names", () => {
    expect(rulesBrokenBy('web/src/route-table.ts')).toEqual(['eslint(no-restricted-imports)']);
    expect(rulesBrokenBy('web/src/route-constants.ts')).toEqual([]);
  });

  it('refuses text written into a page, not text from the catalogs', () => {
    expect(rulesBrokenBy('web/src/text.tsx')).toEqual(['hub(text-from-catalogs)']);
    expect(rulesBrokenBy('web/src/text-attribute.tsx')).toEqual(['hub(text-from-catalogs)']);
    expect(rulesBrokenBy('web/src/text-choice.tsx')).toEqual([
      'hub(text-from-catalogs)',
      'hub(text-from-catalogs)',
    ]);
    for (const file of ['text-literal', 'text-template', 'text-and', 'text-attribute-braces']) {
      expect(rulesBrokenBy(`web/src/${file}.tsx`), file).toEqual(['hub(text-from-catalogs)']);
    }
    expect(rulesBrokenBy('web/src/translated.tsx')).toEqual([]);
  });

  it("holds React's rules of hooks and their dependencies", () => {
    expect(rulesBrokenBy('web/src/hook-in-condition.tsx')).toEqual(['react-hooks(rules-of-hooks)']);
    expect(rulesBrokenBy('web/src/use-panel.ts')).toEqual(['react-hooks(rules-of-hooks)']);
    expect(rulesBrokenBy('web/src/effect-deps.tsx')).toEqual(['react-hooks(exhaustive-deps)']);
  });
});
