import { claimTestResources, type TestResources } from '@hub/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openServiceDatabase } from './data-source.js';
import { preparedStatement } from './prepared-statement.js';

let resources: TestResources;

beforeAll(() => {
  resources = claimTestResources();
});

afterAll(async () => {
  await resources?.release();
});

describe('preparedStatement', () => {
  it('is prepared once per connection by name and answers with each call’s parameters', async () => {
    const db = await openServiceDatabase({
      url: resources.databaseUrl,
      schema: 'prepared',
      entities: [],
      migrations: [],
      poolSize: 1,
    });
    try {
      const doubled = 'SELECT $1::int * 2 AS doubled';
      const first = await db.query(preparedStatement('doubling', doubled), [21]);
      const second = await db.query(preparedStatement('doubling', doubled), [4]);
      expect([first, second]).toEqual([[{ doubled: 42 }], [{ doubled: 8 }]]);
      const other = preparedStatement('doubling', 'SELECT $1::int * 3 AS tripled');
      expect(await db.query(other, [2])).toEqual([{ tripled: 6 }]);

      // In the order the names were given (their number, 'doubling-9' before 'doubling-10').
      const prepared = (await db.query(
        'SELECT name, statement FROM pg_prepared_statements ORDER BY length(name), name',
      )) as { name: string; statement: string }[];
      expect(prepared.filter((row) => row.name.startsWith('doubling-'))).toEqual([
        { name: expect.stringMatching(/^doubling-\d+$/), statement: doubled },
        {
          name: expect.stringMatching(/^doubling-\d+$/),
          statement: 'SELECT $1::int * 3 AS tripled',
        },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
