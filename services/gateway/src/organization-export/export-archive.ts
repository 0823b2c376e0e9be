import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { ZipFile } from 'yazl';
import {
  csvLine,
  type CsvValue,
  type ExportManifest,
  type RecordBatch,
  type RecordCursor,
} from '@hub/proto';
import type { ObjectStorage } from '@hub/kit';

/** One kind of records: asked for batch by batch, each batch only once the last one is written. */
export interface RecordSource {
  path: string;
  /** Also written as CSV under this path. */
  csvPath?: string;
  batch(after: RecordCursor | null): Promise<RecordBatch>;
}

export interface ArchiveContents {
  organization: { id: number; name: string };
  productVersion: string;
  records: RecordSource[];
  storage: ObjectStorage;
  /** The organization's stored files: each key, and its name in the archive. */
  files: { key: string; path: string }[];
  /**
   * Run before every batch and every file is read; a rejection ends the archive's stream with
   * that error (whoever asked for it may no longer read what follows).
   */
  admit(before?: 'batch' | 'file'): Promise<void>;
}

/** The same source, each batch asked for only once `admit` let it. */
const admitted = (source: RecordSource, admit: ArchiveContents['admit']): RecordSource => ({
  ...source,
  batch: async (after) => {
    await admit('batch');
    return source.batch(after);
  },
});

async function* recordBatches(source: RecordSource): AsyncGenerator<RecordBatch> {
  let after: RecordCursor | null = null;
  do {
    const batch = await source.batch(after);
    yield batch;
    after = batch.next;
  } while (after);
}

async function* recordRows(source: RecordSource): AsyncGenerator<Record<string, unknown>> {
  for await (const batch of recordBatches(source)) yield* batch.rows;
}

/** A JSON array written row by row: the archive never holds more than a batch of a kind. */
async function* jsonLines(source: RecordSource, counted: (rows: number) => void) {
  let rows = 0;
  yield '[';
  for await (const row of recordRows(source)) {
    yield `${rows === 0 ? '' : ','}\n${JSON.stringify(row)}`;
    rows += 1;
  }
  yield rows === 0 ? ']\n' : '\n]\n';
  counted(rows);
}

const csvValue = (value: unknown): CsvValue =>
  value === null || value === undefined || typeof value !== 'object'
    ? (value as CsvValue)
    : JSON.stringify(value);

/**
 * The same rows as CSV, under the columns the kind's batches declare: the header is written
 * even when the kind has no rows (a new organization's observations), so the file still says
 * what it would hold.
 */
async function* csvLines(source: RecordSource) {
  let header = false;
  for await (const { columns, rows } of recordBatches(source)) {
    if (!header) yield csvLine(columns);
    header = true;
    for (const row of rows) yield csvLine(columns.map((column) => csvValue(row[column])));
  }
}

/** Passes bytes through, counting them and their SHA-256 for the manifest. */
function checksummed(path: string, files: ExportManifest['files']): Transform {
  const hash = createHash('sha256');
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      files.push({ path, bytes, sha256: hash.digest('hex') });
      done();
    },
  });
}

/**
 * The organization's archive as a stream: every kind's records, then every stored file, then
 * manifest.json. Entries are opened one at a time as the zip reaches them (yazl's lazy read
 * streams), so memory holds one batch or one file chunk whatever the organization's size, and
 * the manifest, written last, has every count and checksum. An entry that fails (a batch refused,
 * a file gone) destroys the whole stream: yazl would otherwise wait for the entry forever, and
 * the download would hang instead of failing.
 */
export function exportArchive(contents: ArchiveContents): Readable {
  const zip = new ZipFile();
  const manifest: ExportManifest = {
    format: 'frontline-hub-organization-export/1',
    productVersion: contents.productVersion,
    organization: contents.organization,
    generatedAt: new Date().toISOString(),
    records: {},
    files: [],
  };
  const output = zip.outputStream as Readable;
  const add = (path: string, open: () => Readable) =>
    zip.addReadStreamLazy(path, (ready) => {
      const source = open();
      const sum = checksummed(path, manifest.files);
      // The error ends the download (the reply listens to it); the entry's own pipe just stops.
      source.on('error', (error) => {
        sum.destroy();
        output.destroy(error);
      });
      ready(null, source.pipe(sum));
    });
  for (const source of contents.records.map((kind) => admitted(kind, contents.admit))) {
    add(source.path, () =>
      Readable.from(jsonLines(source, (rows) => (manifest.records[source.path] = rows))),
    );
    if (source.csvPath) add(source.csvPath, () => Readable.from(csvLines(source)));
  }
  const removed = (path: string) => (manifest.removedDuringExport ??= []).push(path);
  for (const file of contents.files) {
    add(file.path, () => Readable.from(lazyObject(contents, file, removed)));
  }
  zip.addReadStreamLazy('manifest.json', (ready) =>
    ready(null, Readable.from([`${JSON.stringify(manifest, null, 2)}\n`])),
  );
  zip.end();
  return output;
}

/**
 * A stored object's bytes, fetched when the zip reaches it and `admit` let it. One deleted since
 * the export began (a video removed meanwhile) is an empty entry the manifest names, rather
 * than the end of the whole download.
 */
async function* lazyObject(
  { storage, admit }: Pick<ArchiveContents, 'storage' | 'admit'>,
  file: { key: string; path: string },
  removed: (path: string) => void,
): AsyncGenerator<Buffer> {
  await admit('file');
  if (!(await storage.stat(file.key))) return removed(file.path);
  for await (const chunk of await storage.get(file.key)) yield chunk as Buffer;
}
