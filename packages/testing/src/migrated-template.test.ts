import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migratedTemplate } from './migrated-template.js';

/** A repository's shape as the digest reads it: the kit's runner and services with migrations. */
function repository(): {
  root: string;
  service(name: string, migrations: Record<string, string>): string;
} {
  const root = mkdtempSync(join(tmpdir(), 'template-key-'));
  mkdirSync(join(root, 'packages/kit/src/database'), { recursive: true });
  writeFileSync(join(root, 'packages/kit/src/database/data-source.ts'), 'runner');
  return {
    root,
    service(name, migrations) {
      const folder = join(root, 'services', name);
      mkdirSync(join(folder, 'src/migrations'), { recursive: true });
      writeFileSync(join(folder, 'src/database.ts'), `${name} database`);
      for (const [file, text] of Object.entries(migrations)) {
        writeFileSync(join(folder, 'src/migrations', file), text);
      }
      return folder;
    },
  };
}

const opened = () => Promise.resolve({ destroy: () => Promise.resolve() });

describe('migratedTemplate', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  it('names a template by what its services migrate: each service its own, a changed migration another', () => {
    const repo = repository();
    roots.push(repo.root);
    const library = repo.service('library', { '1-documents.ts': 'CREATE TABLE documents' });
    const video = repo.service('video', { '1-videos.ts': 'CREATE TABLE videos' });
    const key = (folders: string[]) => migratedTemplate(folders, [opened]).key;

    const libraryKey = key([library]);
    expect(key([library])).toBe(libraryKey);
    expect(key([video])).not.toBe(libraryKey);
    expect(key([library, video])).not.toBe(libraryKey);

    writeFileSync(join(library, 'src/migrations/2-tags.ts'), 'CREATE TABLE tags');
    expect(key([library])).not.toBe(libraryKey);
  });

  it('builds the template by opening each service database in turn, closing each', async () => {
    const repo = repository();
    roots.push(repo.root);
    const folder = repo.service('library', {});
    const calls: string[] = [];
    const open = (name: string) => (url: string) => {
      calls.push(`open ${name} ${url}`);
      return Promise.resolve({ destroy: () => Promise.resolve(void calls.push(`close ${name}`)) });
    };
    await migratedTemplate([folder], [open('identity'), open('library')]).build('postgres://t/x');
    expect(calls).toEqual([
      'open identity postgres://t/x',
      'close identity',
      'open library postgres://t/x',
      'close library',
    ]);
  });
});
