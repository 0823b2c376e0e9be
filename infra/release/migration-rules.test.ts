import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contractionsOf, migrationViolations } from './migration-rules.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const previous = JSON.parse(
  readFileSync(path.join(ROOT, 'infra/release/previous-release.json'), 'utf8'),
) as { commit: string };

const migration = (up: string, down = 'DROP TABLE everything') => `
  export class M { async up(db) { await db.query(\`${up}\`); }
  async down(db) { await db.query(\`${down}\`); } }`;

describe('what a migration takes away', () => {
  it('finds drops, renames and type changes in up, not in down', () => {
    expect(
      contractionsOf(
        migration(`ALTER TABLE users DROP COLUMN IF EXISTS auth0_user_id;
          DROP TABLE old_things; ALTER TABLE notes RENAME COLUMN body TO text;
          ALTER TABLE library.tags RENAME TO labels; ALTER TABLE users ALTER COLUMN name TYPE varchar(80)`),
      ),
    ).toEqual([
      { kind: 'drop table', name: 'old_things' },
      { kind: 'drop column', name: 'auth0_user_id' },
      { kind: 'rename column', name: 'body' },
      { kind: 'rename table', name: 'tags' },
      { kind: 'change type', name: 'name' },
    ]);
  });

  it('lets a migration add whatever it needs', () => {
    expect(
      contractionsOf(
        migration(
          'CREATE TABLE people_imports (id serial); ALTER TABLE users ADD COLUMN locale text',
        ),
      ),
    ).toEqual([]);
  });
});

describe("this release's migrations against the previous release", () => {
  it('drop, rename or retype nothing the previous release still reads (expand, then contract)', () => {
    expect(migrationViolations(ROOT, previous.commit)).toEqual([]);
  });
});
