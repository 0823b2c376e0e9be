import { z } from 'zod';

/** The largest PostgreSQL `integer`, the type of every id column. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * A row id as a JSON body sends it: a number, not coerced (a body's `"5"` or `true` is refused),
 * and past PostgreSQL's `integer` (the ids' columns) no row can have it: the query would fail with
 * a 500, so it is refused with a 400 instead.
 */
export const BodyRowId = z.number().int().positive().max(MAX_ROW_ID);

/** A row id's digits as text writes them: no sign, space, exponent, base prefix or leading 0. */
const ROW_ID_DIGITS = /^[1-9][0-9]*$/;

/**
 * A row id as text names it (a path, a query, a multipart form field), bounded as `BodyRowId`.
 * Only its digits are read: a number parse would take " 12" as 12, "1e3" as 1000 and "0x10" as
 * 16. A number passes as is: a service parses again the query the gateway relays to it, parsed.
 */
export const RowId = z.preprocess(
  (value) => (typeof value === 'string' && ROW_ID_DIGITS.test(value) ? Number(value) : value),
  BodyRowId,
);

/** The path of a route naming one row by `id`. */
export const IdParams = z.object({ id: RowId });
export type IdParams = z.infer<typeof IdParams>;
