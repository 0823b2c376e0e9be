// Where data access lives (issue #31): SQL, whether raw (`.query(`) or through TypeORM
// (`getRepository(`, `createQueryBuilder(`), only in a `*.repository.ts` file or a `reporting/`
// module (read models and aggregates). Services keep the rules and orchestration. The lint rule
// `hub/sql-in-repositories` (.oxlintrc.json) says so of services/*/src by the call's name; this
// test reads the sources as text, workers/*/src too. Every service has moved: no file is
// excepted.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SQL = /\.query\(|getRepository\(|createQueryBuilder\(/;
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs)$/;

/** Where SQL belongs, or what is not product code: tests, migrations, the kit's plumbing. */
const PLACES_FOR_SQL = [
  /\.test\.tsx?$/,
  /\.d\.ts$/,
  /\/test-support\//,
  /\/migrations\//,
  /\.repository\.ts$/,
  /\/reporting\//,
  /^packages\/kit\/src\/database\//,
  /^packages\/testing\//,
];

/** The kit's plumbing beside its database folder: keyset paging. */
const KIT_PLUMBING = ['packages/kit/src/paging/keyset.ts'];

/** Every source file below a folder, as a path from the repository's root. */
function sourcesBelow(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourcesBelow(relative);
    return SOURCE.test(entry.name) ? [relative] : [];
  });
}

/** packages/*\/src, services/*\/src and workers/*\/src. */
const productSources = ['packages', 'services', 'workers'].flatMap((group) =>
  readdirSync(path.join(ROOT, group), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(ROOT, group, entry.name, 'src')))
    .flatMap((entry) => sourcesBelow(`${group}/${entry.name}/src`)),
);

const holdsSql = (file: string) => SQL.test(readFileSync(path.join(ROOT, file), 'utf8'));

describe('data access lives in repositories', () => {
  it('finds the sources it checks', () => {
    expect(productSources).toContain('services/identity/src/users/users.service.ts');
    expect(productSources).toContain('workers/pdf/src/main.ts');
  });

  it('has no SQL in a service, handler or helper', () => {
    const checked = productSources.filter(
      (file) => !PLACES_FOR_SQL.some((place) => place.test(file)) && !KIT_PLUMBING.includes(file),
    );
    const misplaced = checked.filter(holdsSql);
    expect(
      misplaced,
      'Move these queries into a *.repository.ts of the capability (or a reporting/ module)',
    ).toEqual([]);
  });
});

const repositories = productSources.filter((file) => /^services\/.*\.repository\.ts$/.test(file));

/**
 * One repository shape: each class a Nest provider over the service's DataSource (injected, or
 * passed by code outside Nest), whose methods that must join a caller's transaction take its
 * EntityManager. Not a class over an EntityManager built per call: two shapes to learn, and a
 * transaction that a repository may or may not be inside.
 */
function hasTheShape(file: string): boolean {
  const source = readFileSync(path.join(ROOT, file), 'utf8');
  const classes = source.match(/^export class \w+/gm) ?? [];
  const providers = source.match(/^@Injectable\(\)\nexport class \w+/gm) ?? [];
  const overDataSource =
    source.match(/constructor\(\s*@Inject\(DataSource\) private readonly db: DataSource[,)]/g) ??
    [];
  return (
    classes.length > 0 &&
    providers.length === classes.length &&
    overDataSource.length === classes.length
  );
}

describe('one repository shape', () => {
  it('finds the repositories it checks', () => {
    expect(repositories).toContain('services/library/src/versions/versions.repository.ts');
    expect(repositories).toContain('services/identity/src/mail/outbox.repository.ts');
  });

  it('has every repository an injectable provider over the DataSource', () => {
    const otherShape = repositories.filter((file) => !hasTheShape(file));
    expect(
      otherShape,
      'Make these @Injectable() classes with `@Inject(DataSource) private readonly db: DataSource`',
    ).toEqual([]);
  });
});

/**
 * One data-access style per service (docs/decisions.md): these services have no entity classes
 * and say every statement in raw SQL, so neither TypeORM's entity API nor its query builder
 * creeps in beside it. (Identity and library are the other way round: the entity API, raw SQL
 * only with its reason beside it.)
 */
const RAW_SQL_SERVICES = ['integration', 'observation', 'video'];
const ENTITY_API = /getRepository\(|createQueryBuilder\(|\.manager\.(find|insert|update|delete)/;

describe('one data-access style per service', () => {
  it.each(RAW_SQL_SERVICES)('has %s say every statement in raw SQL, without entities', (name) => {
    const sources = productSources.filter(
      (file) => file.startsWith(`services/${name}/src/`) && !/\.test\.ts$/.test(file),
    );
    const entityApi = sources.filter((file) =>
      ENTITY_API.test(readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(entityApi, 'Say these statements in raw SQL, as the rest of the service').toEqual([]);
    expect(sources.filter((file) => file.endsWith('.entity.ts'))).toEqual([]);
    expect(readFileSync(path.join(ROOT, `services/${name}/src/database.ts`), 'utf8')).toMatch(
      /entities: \[\]/,
    );
  });
});
