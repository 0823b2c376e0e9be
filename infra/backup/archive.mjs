// The backup archive: a tar written as a stream (tar-stream), every entry's SHA-256 computed as
// it is written, and `manifest.json` last, naming every other entry with its size and digest.
// Restoring reads the whole archive once to check it before anything is written.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';

export const MANIFEST = 'manifest.json';
export const DATABASE_DUMP = 'database/hub.dump';
export const OBJECTS_FOLDER = 'objects/';
/** Raised when the archive's layout changes in a way older restore commands cannot read. */
export const ARCHIVE_FORMAT = 1;

/**
 * @typedef {{ size: number, sha256: string }} ArchivedFile
 * @typedef {{
 *   lastMigration: string | null,
 *   rows: Record<string, number>,
 * }} SchemaSummary
 * @typedef {{
 *   format: number,
 *   createdAt: string,
 *   product: { version: string, commit: string | null },
 *   database: { serverVersion: string, pgDumpVersion: string, schemas: Record<string, SchemaSummary> },
 *   storage: { kind: string, objects: number },
 *   files: Record<string, ArchivedFile>,
 * }} Manifest
 */

/** Where an archive is written until its manifest is: no name a finished archive has. */
export const partialName = (/** @type {string} */ file) => `${file}.partial`;

/**
 * Writes entries one after the other into a tar file, digesting each as it goes. The archive is
 * written beside its name and renamed to it once complete (flushed to disk first): an archive
 * already there (the night before, same --output) is kept until then, and a backup killed or
 * out of disk midway leaves no file of the name an archive has.
 */
export class ArchiveWriter {
  /** @param {string} file */
  constructor(file) {
    this.file = file;
    this.partial = partialName(file);
    this.pack = tar.pack();
    /** @type {Record<string, ArchivedFile>} */
    this.files = {};
    this.done = pipeline(this.pack, createWriteStream(this.partial, { flush: true }));
    // An aborted archive ends this pipeline with an error nobody waits for: finish() awaits it.
    this.done.catch(() => undefined);
  }

  /**
   * @param {string} name
   * @param {NodeJS.ReadableStream} body
   * @param {number} size  tar needs each entry's size before its bytes
   * @param {AbortSignal} [signal]  stops the copy midway
   */
  async add(name, body, size, signal) {
    if (name === MANIFEST || this.files[name]) throw new Error(`${name} is already in the archive`);
    const hash = createHash('sha256');
    let seen = 0;
    const entry = this.pack.entry({ name, size });
    await pipeline(
      body,
      new Transform({
        transform(chunk, _encoding, callback) {
          hash.update(chunk);
          seen += chunk.length;
          callback(null, chunk);
        },
      }),
      entry,
      { signal },
    );
    if (seen !== size) throw new Error(`${name}: ${seen} bytes read, ${size} expected`);
    this.files[name] = { size, sha256: hash.digest('hex') };
  }

  /**
   * Adds the manifest, naming every entry written before it, and closes the archive.
   * @param {Omit<Manifest, 'files'>} summary
   * @returns {Promise<Manifest>}
   */
  async finish(summary) {
    /** @type {Manifest} */
    const manifest = { ...summary, files: this.files };
    this.pack.entry({ name: MANIFEST }, JSON.stringify(manifest, null, 2));
    this.pack.finalize();
    await this.done;
    renameSync(this.partial, this.file);
    return manifest;
  }

  /** Abandons the archive: what was written of it is removed, a file at its name left as it was. */
  async abort() {
    this.pack.destroy();
    // Once the file stream has closed: removed before, it could still be made by its open.
    await this.done.catch(() => undefined);
    rmSync(this.partial, { force: true });
  }
}

/**
 * Reads every entry of the archive in order; `onEntry` consumes or skips its body. Answers early
 * (closing the file) when `onEntry` answers 'stop'.
 * @param {string} file
 * @param {(name: string, body: Readable, size: number) => Promise<void | 'stop'>} onEntry
 */
export async function readArchive(file, onEntry) {
  const extract = tar.extract();
  const source = createReadStream(file);
  const reading = pipeline(source, extract);
  // A broken archive fails the loop below too; the pipeline's own rejection is awaited after it.
  reading.catch(() => undefined);
  let stopped = false;
  try {
    for await (const entry of extract) {
      if (entry.header.type !== 'file') {
        entry.resume();
        continue;
      }
      // A Node stream over tar-stream's own (streamx), which the storage adapters can take.
      const body = Readable.from(entry, { objectMode: false });
      if ((await onEntry(entry.header.name, body, entry.header.size ?? 0)) === 'stop') {
        stopped = true;
        break;
      }
    }
  } finally {
    if (stopped) source.destroy();
  }
  if (!stopped) await reading;
  else await reading.catch(() => undefined);
}

/** Drains a stream into a digest. @param {NodeJS.ReadableStream} body */
async function digest(body) {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of body) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    hash.update(bytes);
    size += bytes.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Collects a small stream (the manifest). @param {NodeJS.ReadableStream} body */
async function collect(body) {
  /** @type {Buffer[]} */
  const chunks = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** An archive that cannot be restored as it is: nothing has been written. */
export class ArchiveRefused extends Error {}

/**
 * Reads the whole archive and checks it against its manifest: every entry listed, with its
 * size and SHA-256, and every listed file present. Throws ArchiveRefused naming each problem.
 * @param {string} file
 * @returns {Promise<Manifest>}
 */
export async function verifyArchive(file) {
  /** @type {Map<string, ArchivedFile>} */
  const seen = new Map();
  /** @type {string | undefined} */
  let manifestText;
  /** @type {string[]} */
  const problems = [];
  try {
    await readArchive(file, async (name, body) => {
      if (name === MANIFEST) manifestText = await collect(body);
      else if (seen.has(name)) {
        problems.push(`${name} is in the archive twice`);
        await digest(body);
      } else seen.set(name, await digest(body));
    });
  } catch (error) {
    throw new ArchiveRefused(`${file} is not a readable backup archive: ${errorText(error)}`, {
      cause: error,
    });
  }
  if (manifestText === undefined) {
    throw new ArchiveRefused(`${file} has no ${MANIFEST}: it is cut short or not a backup`);
  }
  const manifest = parseManifest(manifestText);
  problems.push(...compareFiles(manifest.files, seen));
  if (problems.length > 0) {
    throw new ArchiveRefused(
      `${file} does not match its manifest; nothing was restored:\n  ${problems.join('\n  ')}`,
    );
  }
  return manifest;
}

/**
 * @param {Record<string, ArchivedFile>} listed
 * @param {Map<string, ArchivedFile>} seen
 */
export function compareFiles(listed, seen) {
  /** @type {string[]} */
  const problems = [];
  for (const [name, expected] of Object.entries(listed)) {
    const actual = seen.get(name);
    if (!actual) problems.push(`${name} is missing`);
    else if (actual.size !== expected.size || actual.sha256 !== expected.sha256) {
      problems.push(
        `${name}: SHA-256 ${actual.sha256} (${actual.size} bytes), the manifest says ${expected.sha256} (${expected.size} bytes)`,
      );
    }
  }
  for (const name of seen.keys()) {
    if (!Object.hasOwn(listed, name)) problems.push(`${name} is not in the manifest`);
  }
  return problems;
}

/** @param {string} text @returns {Manifest} */
function parseManifest(text) {
  /** @type {Manifest} */
  let manifest;
  try {
    manifest = JSON.parse(text);
  } catch (error) {
    throw new ArchiveRefused(`${MANIFEST} is not valid JSON: ${errorText(error)}`);
  }
  if (typeof manifest !== 'object' || manifest === null || typeof manifest.files !== 'object') {
    throw new ArchiveRefused(`${MANIFEST} lists no files`);
  }
  if (manifest.format !== ARCHIVE_FORMAT) {
    throw new ArchiveRefused(
      `${MANIFEST} is of format ${manifest.format}; this restore reads format ${ARCHIVE_FORMAT}`,
    );
  }
  if (!manifest.files[DATABASE_DUMP]) throw new ArchiveRefused(`the archive has no database dump`);
  return manifest;
}

/** @param {unknown} error */
export const errorText = (error) => (error instanceof Error ? error.message : String(error));
