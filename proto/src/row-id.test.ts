import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { DocumentListQuery } from './library.js';
import { BodyRowId, RowId } from './row-id.js';
import { api } from './routes.js';

/** One past PostgreSQL's `integer`, the type of every id column. */
const PAST_INTEGER = '2147483648';

/**
 * Text a number parse would read as a row id but that is no id's digits: spaces, an exponent, a
 * base prefix, a sign, a fraction, a leading zero.
 */
const ODD_TEXT_IDS = [' 12', '12 ', '1e3', '0x10', '0b11', '+12', '12.0', '012'];

/** A field naming rows by their id: `id`, `…Id`, or a list of them `…Ids`. */
const namesIds = (key: string): boolean =>
  key === 'id' || key.endsWith('Id') || key.endsWith('Ids');

/** The row id schemas, found under any name (a body's `linkedSOPs` is a list of ids). */
const ROW_IDS = new Set<z.core.$ZodType>([RowId, BodyRowId]);

type Def = z.core.$ZodTypeDef & Record<string, unknown>;
const defOf = (schema: z.core.$ZodType): Def => schema._zod.def as Def;

/** Wrappers that keep the value's type: what they wrap is what a field is. */
const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'nonoptional',
  'catch',
  'readonly',
]);

/** Whether a schema ends in a number (a plain, coerced or preprocessed one). */
function isNumeric(schema: z.core.$ZodType): boolean {
  const def = defOf(schema);
  if (def.type === 'number') return true;
  if (WRAPPERS.has(def.type)) return isNumeric(def.innerType as z.core.$ZodType);
  if (def.type === 'pipe') {
    return isNumeric(def.in as z.core.$ZodType) || isNumeric(def.out as z.core.$ZodType);
  }
  return false;
}

/**
 * The id-named number schemas under a request schema, each with its dotted path: through
 * objects, wrappers, pipes, unions and arrays (an array's element carries the array's name).
 */
function idNumbers(
  schema: z.core.$ZodType,
  path: string,
  key: string,
): { path: string; schema: z.core.$ZodType }[] {
  const def = defOf(schema);
  if ((namesIds(key) || ROW_IDS.has(schema)) && isNumeric(schema)) return [{ path, schema }];
  if (WRAPPERS.has(def.type)) return idNumbers(def.innerType as z.core.$ZodType, path, key);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.core.$ZodType>).flatMap(([k, s]) =>
        idNumbers(s, `${path}.${k}`, k),
      );
    case 'array':
      return idNumbers(def.element as z.core.$ZodType, `${path}[]`, key);
    case 'pipe':
      return [def.in, def.out].flatMap((s) => idNumbers(s as z.core.$ZodType, path, key));
    case 'union':
      return (def.options as z.core.$ZodType[]).flatMap((s) => idNumbers(s, path, key));
    case 'intersection':
      return [def.left, def.right].flatMap((s) => idNumbers(s as z.core.$ZodType, path, key));
    case 'lazy':
      return idNumbers((def.getter as () => z.core.$ZodType)(), path, key);
    default:
      return [];
  }
}

/** Past the range as a query names it (a string) or as a JSON body does (a number). */
const acceptsPastInteger = (schema: z.core.$ZodType): boolean =>
  z.safeParse(schema, PAST_INTEGER).success || z.safeParse(schema, Number(PAST_INTEGER)).success;

const accepts = (schema: z.core.$ZodType, value: unknown): boolean =>
  z.safeParse(schema, value).success;

/** What a schema reading an id from text gets wrong: its digits refused, or odd text taken. */
const misreadTexts = (schema: z.core.$ZodType): string[] => [
  ...(accepts(schema, '12') ? [] : ['refuses "12"']),
  ...ODD_TEXT_IDS.filter((text) => accepts(schema, text)).map((text) => `takes "${text}"`),
];

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

  it('every id a route path names takes its digits and nothing else', () => {
    const accepted = Object.entries(api).flatMap(([name, route]) => {
      const params = route.params;
      if (!(params instanceof z.ZodObject)) return [];
      return Object.entries(params.shape as Record<string, z.core.$ZodType>)
        .filter(([key, schema]) => namesIds(key) && isNumeric(schema))
        .flatMap(([key, schema]) => misreadTexts(schema).map((text) => `${name}.${key} ${text}`));
    });
    expect(accepted).toEqual([]);
  });
});

describe('row ids in queries and bodies', () => {
  // A multipart upload's fields are validated by the gateway from `upload.fields`.
  const found = Object.entries(api).flatMap(([name, route]) => {
    const parts: [string, z.core.$ZodType | undefined][] = [
      ['query', 'query' in route ? route.query : undefined],
      ['body', 'body' in route ? route.body : undefined],
      ['upload', 'upload' in route ? route.upload?.fields : undefined],
    ];
    return parts.flatMap(([part, schema]) =>
      schema ? idNumbers(schema, `${name}.${part}`, '').map((f) => ({ ...f, part })) : [],
    );
  });

  it('finds the id fields it checks (the walk reaches bodies, queries and arrays)', () => {
    const paths = found.map((f) => f.path);
    expect(paths.some((p) => p.includes('.body.'))).toBe(true);
    expect(paths.some((p) => p.includes('.query.'))).toBe(true);
    expect(paths.some((p) => p.endsWith('Ids[]'))).toBe(true);
    expect(paths.some((p) => p.includes('.upload.'))).toBe(true);
  });

  it('every id a query or body names is refused past the integer range (a 400, not a 500)', () => {
    const accepted = found.filter((f) => acceptsPastInteger(f.schema)).map((f) => f.path);
    expect(accepted).toEqual([]);
  });

  it('every id a JSON body names is a number: a numeric string is refused, as any string', () => {
    const bodies = found.filter((f) => f.part === 'body');
    const refused = bodies.filter((f) => !accepts(f.schema, 12)).map((f) => `${f.path} refuses 12`);
    const coerced = bodies
      .filter((f) => accepts(f.schema, '12'))
      .map((f) => `${f.path} takes "12"`);
    expect([...refused, ...coerced]).toEqual([]);
  });

  it('every id a query or form field names takes its digits and nothing else', () => {
    const texts = found.filter((f) => f.part !== 'body');
    const misread = texts.flatMap((f) => misreadTexts(f.schema).map((text) => `${f.path} ${text}`));
    expect(misread).toEqual([]);
  });

  it("the document list's comma-joined tag ids take each id's digits and nothing else", () => {
    expect(DocumentListQuery.parse({ tags: '3,12' }).tags).toEqual([3, 12]);
    const odd = ODD_TEXT_IDS.filter((text) => accepts(DocumentListQuery, { tags: `3,${text}` }));
    expect(odd).toEqual([]);
  });
});
