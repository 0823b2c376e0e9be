import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Expand, then contract: during a rolling update replicas of the previous release and of this
 * one share the database, so a migration of this release may add tables and columns but must
 * not drop, rename or retype one the previous release's code still names. Contracting waits for
 * a release whose predecessor no longer reads it.
 */
export interface Contraction {
  kind: 'drop table' | 'drop column' | 'rename column' | 'rename table' | 'change type';
  name: string;
}

const CONTRACTIONS: { kind: Contraction['kind']; pattern: RegExp }[] = [
  { kind: 'drop table', pattern: /\bDROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:\w+\.)?"?(\w+)"?/gi },
  { kind: 'drop column', pattern: /\bDROP\s+COLUMN\s+(?:IF\s+EXISTS\s+)?"?(\w+)"?/gi },
  { kind: 'rename column', pattern: /\bRENAME\s+COLUMN\s+"?(\w+)"?\s+TO\b/gi },
  {
    kind: 'rename table',
    pattern: /\bALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:\w+\.)?"?(\w+)"?\s+RENAME\s+TO\b/gi,
  },
  { kind: 'change type', pattern: /\bALTER\s+COLUMN\s+"?(\w+)"?\s+(?:SET\s+DATA\s+)?TYPE\b/gi },
];

/** What a migration's `up` takes away (its `down` undoes this release and may drop anything). */
export function contractionsOf(source: string): Contraction[] {
  const up = source.slice(source.search(/\bup\s*\(/), source.search(/\bdown\s*\(/) >>> 0);
  return CONTRACTIONS.flatMap(({ kind, pattern }) =>
    [...up.matchAll(pattern)].map((match) => ({ kind, name: match[1]!.toLowerCase() })),
  );
}

export interface MigrationViolation extends Contraction {
  migration: string;
  /** Files of the previous release that name it. */
  readers: string[];
}

const git = (root: string, args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });

/** The migrations of this checkout that the previous release did not have. */
export function newMigrations(root: string, previousCommit: string): string[] {
  const before = new Set(
    git(root, ['ls-tree', '-r', '--name-only', previousCommit, '--', 'services']).split('\n'),
  );
  return readdirSync(path.join(root, 'services')).flatMap((service) => {
    const folder = `services/${service}/src/migrations`;
    let files: string[];
    try {
      files = readdirSync(path.join(root, folder));
    } catch {
      return [];
    }
    return files
      .filter((file) => /^\d+-.+\.ts$/.test(file) && !file.includes('.test.'))
      .map((file) => `${folder}/${file}`)
      .filter((file) => !before.has(file));
  });
}

/** Source files of the previous release, outside migrations, that name the identifier. */
function readersIn(root: string, previousCommit: string, name: string): string[] {
  try {
    return git(root, [
      'grep',
      '-l',
      '-w',
      '-i',
      name,
      previousCommit,
      '--',
      ':(glob)services/*/src/**',
      ':(glob)workers/*/src/**',
      ':(glob)packages/*/src/**',
      ':(exclude,glob)**/migrations/**',
      ':(exclude,glob)**/*.test.ts',
    ])
      .split('\n')
      .filter(Boolean)
      .map((line) => line.slice(previousCommit.length + 1));
  } catch {
    return []; // git grep answers 1 when nothing matches
  }
}

/** Every contraction in this release's new migrations of something the previous release reads. */
export function migrationViolations(root: string, previousCommit: string): MigrationViolation[] {
  return newMigrations(root, previousCommit).flatMap((migration) =>
    contractionsOf(readFileSync(path.join(root, migration), 'utf8'))
      .map((contraction) => ({
        ...contraction,
        migration,
        readers: readersIn(root, previousCommit, contraction.name),
      }))
      .filter((violation) => violation.readers.length > 0),
  );
}
