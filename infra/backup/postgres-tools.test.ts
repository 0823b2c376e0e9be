import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseTool, findTools, majorOf, productRelease, repoRoot } from './postgres-tools.mjs';

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

  it('asks a copy replaced with its modification time kept (cp -p) for its version again', () => {
    // No #! line: a script (Debian's pg_wrapper) is asked every time, a binary once. Run by
    // /bin/sh all the same (execvp's fallback for a file that is not an executable format).
    const bin = join(folder, 'replaced');
    mkdirSync(bin);
    const tool = join(bin, 'pg_dump');
    const calls = join(bin, 'calls');
    const script = (version: string) =>
      `echo asked >> '${calls}'\necho "pg_dump (PostgreSQL) ${version}"\n`;
    writeFileSync(tool, script('17.1'));
    chmodSync(tool, 0o755);
    // A whole second, which utimes sets exactly, as cp -p keeps the modification time exactly.
    const kept = 1_700_000_000;
    utimesSync(tool, kept, kept);
    const env = { PG_BIN_DIR: bin, PATH: '' };
    // $PG_BIN_DIR's copy comes first (then Debian's folders').
    const ours = () => findTools('pg_dump', env)[0];
    expect(ours()).toEqual({ path: tool, version: '17.1', major: 17 });
    expect(ours()).toEqual({ path: tool, version: '17.1', major: 17 });
    expect(readFileSync(calls, 'utf8')).toBe('asked\n');

    // The file's change time moves on at the clock's coarse tick: wait until a write gets
    // another one, so the replacement's cannot be the original's.
    const before = statSync(tool, { bigint: true });
    const probe = join(folder, 'probe');
    do writeFileSync(probe, '');
    while (statSync(probe, { bigint: true }).ctimeNs === before.ctimeNs);

    // cp -p newer-pg_dump pg_dump: the same file (inode), the same size, mode and times.
    const newer = join(folder, 'newer-pg_dump');
    writeFileSync(newer, script('18.4'));
    chmodSync(newer, 0o755);
    copyFileSync(newer, tool);
    utimesSync(tool, kept, kept);
    const after = statSync(tool, { bigint: true });
    expect([after.ino, after.size, after.mtimeNs]).toEqual([
      before.ino,
      before.size,
      before.mtimeNs,
    ]);

    expect(ours()).toEqual({ path: tool, version: '18.4', major: 18 });
    expect(readFileSync(calls, 'utf8')).toBe('asked\nasked\n');
  });
});

describe("the product's version in a backup's manifest", () => {
  const declared = (
    JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version?: string }
  ).version;

  it("is the root package.json's, as the organization export's manifest says it", () => {
    expect(declared).toMatch(/^\d+\.\d+\.\d+/);
    expect(productRelease({}).version).toBe(declared);
  });

  it('is HUB_VERSION when it is set, the commit kept beside it', () => {
    const { version, commit } = productRelease({ HUB_VERSION: '7.3.1-rc.2' });
    expect(version).toBe('7.3.1-rc.2');
    expect(commit === null || /^[0-9a-f]{40}$/.test(commit)).toBe(true);
  });
});
