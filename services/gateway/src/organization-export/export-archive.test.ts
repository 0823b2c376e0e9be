import { describe, expect, it } from 'vitest';
import type { ObjectStorage } from '@hub/kit';
import type { RecordBatch } from '@hub/proto';
import { unzip } from '../../test/zip-entries.js';
import { exportArchive, type RecordSource } from './export-archive.js';

/** Every entry of a zip stream, by name, as text. */
async function entriesOf(archive: NodeJS.ReadableStream): Promise<Map<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of archive) chunks.push(chunk as Buffer);
  const entries = await unzip(Buffer.concat(chunks));
  return new Map([...entries].map(([name, data]) => [name, data.toString('utf8')]));
}

/** A kind answered in the batches given, each batch's cursor the index of the next one. */
const kind = (name: string, batches: RecordBatch[]): RecordSource => ({
  path: `records/test/${name}.json`,
  csvPath: `records/${name}.csv`,
  batch: (after) => Promise.resolve(batches[after ? Number(after[0]) : 0]!),
});

const archiveOf = (records: RecordSource[]) =>
  entriesOf(
    exportArchive({
      organization: { id: 7, name: 'Acme' },
      productVersion: '1.2.3',
      records,
      storage: {} as ObjectStorage,
      files: [],
      admit: () => Promise.resolve(),
    }),
  );

describe("an export's spreadsheets", () => {
  it("write a kind's header, from its declared columns, when it has no rows", async () => {
    const entries = await archiveOf([
      kind('observations', [{ columns: ['id', 'organization_id', 'score'], rows: [], next: null }]),
    ]);
    expect(entries.get('records/observations.csv')).toBe('id,organization_id,score\r\n');
    expect(entries.get('records/test/observations.json')).toBe('[]\n');
  });

  it('write every row under the declared columns, across batches', async () => {
    const columns = ['id', 'name', 'tags'];
    const entries = await archiveOf([
      kind('members', [
        { columns, rows: [{ name: 'Ana', id: 1, tags: ['a'] }], next: [1] },
        { columns, rows: [{ id: 2, name: 'Ben', tags: null }], next: null },
      ]),
    ]);
    expect(entries.get('records/members.csv')).toBe(
      'id,name,tags\r\n1,Ana,"[""a""]"\r\n2,Ben,\r\n',
    );
  });
});
