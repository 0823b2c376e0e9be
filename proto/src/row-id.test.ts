import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { api } from './routes.js';

/** One past PostgreSQL's `integer`, the type of every id column. */
const PAST_INTEGER = '2147483648';

describe('row ids in paths', () => {
  it('every id a route path names is refused past the integer range (a 400, not a 500)', () => {
    const accepted = Object.entries(api).flatMap(([name, route]) => {
      const params = route.params;
      if (!(params instanceof z.ZodObject)) return [];
      return Object.keys(params.shape)
        .filter((key) => key === 'id' || key.endsWith('Id'))
        .filter((key) => {
          const sample = Object.fromEntries(Object.keys(params.shape).map((k) => [k, '1']));
          return params.safeParse({ ...sample, [key]: PAST_INTEGER }).success;
        })
        .map((key) => `${name}.${key}`);
    });
    expect(accepted).toEqual([]);
  });
});
