import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import tar from 'tar-stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ARCHIVE_FORMAT,
  ArchiveRefused,
  ArchiveWriter,
  compareFiles,
  DATABASE_DUMP,
  MANIFEST,
  verifyArchive,
} from './archive.mjs';
import { restore } from './restore.mjs';

const DUMP = Buffer.from('PGDMP pretend dump');
const PICTURE = Buffer.from('a profile picture, byte for byte');
const PICTURE_NAME = 'objects/org/1/pictures/a.png';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'hub-archive-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function writeArchive(file: string) {
  const writer = new ArchiveWriter(file);
  await writer.add(DATABASE_DUMP, Readable.from([DUMP]), DUMP.length);
  await writer.add(
    PICTURE_NAME,
    Readable.from([PICTURE.subarray(0, 5), PICTURE.subarray(5)]),
    PICTURE.length,
  );
  return writer.finish({
    format: ARCHIVE_FORMAT,
    createdAt: new Date(0).toISOString(),
    product: { version: 'test', commit: null },
    database: { serverVersion: '15.0', pgDumpVersion: '15.0', schemas: {} },
    storage: { kind: 'local-disk', objects: 1 },
  });
}

/** A tar of these entries, as written by hand (no digests): a forged or cut archive. */
async function rawTar(file: string, entries: [string, Buffer][]) {
  const pack = tar.pack();
  for (const [name, body] of entries) pack.entry({ name }, body);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  writeFileSync(file, Buffer.concat(chunks));
}

describe('the backup archive', () => {
  it('lists every file with its size and SHA-256, and reads back as it was written', async () => {
    const file = join(folder, 'ok.tar');
    const written = await writeArchive(file);
    expect(written.files).toEqual({
      [DATABASE_DUMP]: { size: DUMP.length, sha256: sha256(DUMP) },
      [PICTURE_NAME]: { size: PICTURE.length, sha256: sha256(PICTURE) },
    });
    expect(await verifyArchive(file)).toEqual(written);
  });

  it('is not at its name until finished: an archive there is kept until the new one replaces it', async () => {
    const file = join(folder, 'nightly.tar');
    const previous = Buffer.from('the archive of the night before');
    writeFileSync(file, previous);

    const failing = new ArchiveWriter(file);
    await failing.add(DATABASE_DUMP, Readable.from([DUMP]), DUMP.length);
    // Part written (a disk that filled, a backup killed): the file at the name is untouched.
    expect(readFileSync(file)).toEqual(previous);
    await failing.abort();
    expect(readFileSync(file)).toEqual(previous);
    expect(readdirSync(folder)).toEqual(['nightly.tar']);

    const written = await writeArchive(file);
    expect(await verifyArchive(file)).toEqual(written);
    expect(readdirSync(folder)).toEqual(['nightly.tar']);
  });

  it('is refused when one byte of a file changed', async () => {
    const file = join(folder, 'corrupt.tar');
    await writeArchive(file);
    const bytes = readFileSync(file);
    bytes[bytes.indexOf(PICTURE) + 3]! ^= 0x20;
    writeFileSync(file, bytes);
    await expect(verifyArchive(file)).rejects.toThrow(
      new RegExp(`${PICTURE_NAME}: SHA-256 [0-9a-f]{64} .* the manifest says ${sha256(PICTURE)}`),
    );
  });

  it('is refused when cut short, with a file it does not list, or without a file it lists', async () => {
    const file = join(folder, 'cut.tar');
    await writeArchive(file);
    const whole = readFileSync(file);
    writeFileSync(file, whole.subarray(0, whole.indexOf(PICTURE) + 10));
    await expect(verifyArchive(file)).rejects.toBeInstanceOf(ArchiveRefused);

    const manifest = JSON.stringify({
      format: ARCHIVE_FORMAT,
      files: { [DATABASE_DUMP]: { size: DUMP.length, sha256: sha256(DUMP) } },
    });
    await rawTar(file, [
      [DATABASE_DUMP, DUMP],
      ['objects/org/1/extra.png', PICTURE],
      [MANIFEST, Buffer.from(manifest)],
    ]);
    await expect(verifyArchive(file)).rejects.toThrow(
      /objects\/org\/1\/extra.png is not in the manifest/,
    );

    await rawTar(file, [[MANIFEST, Buffer.from(manifest)]]);
    await expect(verifyArchive(file)).rejects.toThrow(/database\/hub.dump is missing/);

    await rawTar(file, [[DATABASE_DUMP, DUMP]]);
    await expect(verifyArchive(file)).rejects.toThrow(/has no manifest.json/);
  });

  it('compares each listed file both ways', () => {
    const listed = { a: { size: 1, sha256: 'x' }, b: { size: 2, sha256: 'y' } };
    const seen = new Map([
      ['a', { size: 1, sha256: 'x' }],
      ['c', { size: 3, sha256: 'z' }],
    ]);
    expect(compareFiles(listed, seen)).toEqual(['b is missing', 'c is not in the manifest']);
  });

  it('restore refuses a corrupted archive before it reaches the database or the store', async () => {
    const file = join(folder, 'corrupt.tar');
    await writeArchive(file);
    const bytes = readFileSync(file);
    bytes[bytes.indexOf(DUMP) + 1]! ^= 0x01;
    writeFileSync(file, bytes);
    const dataDir = join(folder, 'data');
    const lines: string[] = [];
    await expect(
      restore({
        archive: file,
        replace: true,
        // Nothing answers there: a restore that went past its check would fail otherwise.
        env: { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', DATA_DIR: dataDir },
        log: (line) => lines.push(line),
      }),
    ).rejects.toThrow(/nothing was restored:\n {2}database\/hub.dump: SHA-256 /);
    expect(existsSync(dataDir)).toBe(false);
    expect(lines).toEqual([`Checking ${file} against its manifest ...`]);
  });
});
