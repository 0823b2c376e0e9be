import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseTool, majorOf } from './postgres-tools.mjs';

const folder = mkdtempSync(join(tmpdir(), 'hub-pg-tools-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A stand-in pg_dump that only tells its version. */
function fakeTool(version: string) {
  const bin = join(folder, version);
  const tool = join(bin, 'pg_dump');
  mkdirSync(bin);
  writeFileSync(tool, `#!/bin/sh\necho "pg_dump (PostgreSQL) ${version}"\n`);
  chmodSync(tool, 0o755);
  return bin;
}

describe('choosing a PostgreSQL tool', () => {
  it('reads the major version', () => {
    expect(majorOf('15.20 (Debian 15.20-0+deb12u1)')).toBe(15);
    expect(majorOf('18.4')).toBe(18);
  });

  it("takes one of at least the server's major version, and says what it found when none is", () => {
    const bin = fakeTool('18.4');
    const env = { PG_BIN_DIR: bin, PATH: '' };
    expect(chooseTool('pg_dump', 16, 'the server is PostgreSQL 16', env)).toMatchObject({
      path: join(bin, 'pg_dump'),
      major: 18,
    });
    expect(() => chooseTool('pg_dump', 19, 'the server is PostgreSQL 19', env)).toThrow(
      /No pg_dump of PostgreSQL 19 or newer was found \(the server is PostgreSQL 19\); found: .*pg_dump \(18\.4\).*set PG_BIN_DIR/,
    );
  });
});
