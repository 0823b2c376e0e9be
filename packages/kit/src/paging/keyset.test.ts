import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, pageOf } from './keyset.js';

describe('keyset cursors', () => {
  it('round-trips the sort key as PostgreSQL printed it', () => {
    const key = ['2026-11-23 13:24:12.123456+00', '0.0607927', '42'];
    expect(decodeCursor(encodeCursor(key), ['time', 'number', 'id'])).toEqual(key);
  });

  it('refuses a cursor this list did not answer', () => {
    expect(() => decodeCursor('not-a-cursor', ['time', 'id'])).toThrow(/nextCursor/);
    expect(() => decodeCursor(encodeCursor(['a']), ['id'])).toThrow(/nextCursor/);
    expect(() => decodeCursor(encodeCursor(['1', '2']), ['time', 'id'])).toThrow(/nextCursor/);
    expect(decodeCursor(undefined, ['time', 'id'])).toBeUndefined();
  });

  it('refuses an id no integer column holds, which would fail the query', () => {
    expect(() => decodeCursor(encodeCursor(['2147483648']), ['id'])).toThrow(/nextCursor/);
    expect(decodeCursor(encodeCursor(['2147483647']), ['id'])).toEqual(['2147483647']);
    expect(decodeCursor(encodeCursor(['2147483648']), ['bigId'])).toEqual(['2147483648']);
    expect(() => decodeCursor(encodeCursor(['9223372036854775808']), ['bigId'])).toThrow(
      /nextCursor/,
    );
  });

  it('keeps limit rows and names the last one when more exist', () => {
    const rows = [1, 2, 3].map((id) => ({ id }));
    const page = pageOf(rows, 2, (row) => [String(row.id)]);
    expect(page.rows).toEqual([{ id: 1 }, { id: 2 }]);
    expect(decodeCursor(page.nextCursor!, ['id'])).toEqual(['2']);
    expect(pageOf(rows, 3, (row) => [String(row.id)]).nextCursor).toBeNull();
  });
});
