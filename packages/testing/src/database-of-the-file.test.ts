import { describe, expect, it } from 'vitest';
import { databaseOfTheFile } from './database-of-the-file.js';
import type { TestResources } from './test-resources.js';

/** A file's database made of records: each step it takes is written to `steps`. */
function recorded(steps: string[]) {
  const claim = (): TestResources => {
    steps.push('claim');
    return {
      databaseUrl: 'postgres://test/suite_1',
      redisPrefix: 'test:1:',
      release: async () => {
        steps.push('release');
      },
    };
  };
  const open = async (databaseUrl: string) => {
    steps.push(`open ${databaseUrl}`);
    return {
      url: databaseUrl,
      destroy: async () => {
        steps.push('destroy');
      },
    };
  };
  return { claim, open };
}

describe("a test file's database", () => {
  const steps: string[] = [];
  const { claim, open } = recorded(steps);

  describe('in a file', () => {
    const file = databaseOfTheFile(
      open,
      async (db) => {
        steps.push(`prepare ${db.url}`);
        return { made: db.url };
      },
      claim,
    );
    const readEarly = [() => file.db, () => file.prepared].map((read) => {
      try {
        read();
        return 'read';
      } catch (error) {
        return (error as Error).message;
      }
    });

    it('is not there before the tests', () => {
      expect(readEarly).toEqual([
        'The database is opened before the tests',
        'What the database is prepared with is made before the tests',
      ]);
    });

    it('is claimed, opened at its URL and prepared before the tests', () => {
      expect(steps).toEqual([
        'claim',
        'open postgres://test/suite_1',
        'prepare postgres://test/suite_1',
      ]);
      expect(file.db.url).toBe('postgres://test/suite_1');
      expect(file.prepared).toEqual({ made: 'postgres://test/suite_1' });
    });
  });

  it('is closed, then given back, after the tests', () => {
    expect(steps.slice(3)).toEqual(['destroy', 'release']);
  });

  describe('prepared with nothing to read', () => {
    const file = databaseOfTheFile(open, async () => undefined, claim);

    it('reads as prepared all the same', () => {
      expect(file.prepared).toBeUndefined();
    });
  });
});
