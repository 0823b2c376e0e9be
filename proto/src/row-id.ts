import { z } from 'zod';

/** The largest PostgreSQL `integer`, the type of every id column. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * A row id as a path or query names it (text, hence coerced): past PostgreSQL's `integer` (the
 * ids' columns) no row can have it, and the query would fail with a 500; it is refused with a 400
 * instead.
 */
export const RowId = z.coerce.number().int().positive().max(MAX_ROW_ID);

/**
 * A row id as a JSON body sends it: a number, not coerced (a body's `"5"` or `true` stays refused
 * as it always was), bounded as `RowId`.
 */
export const BodyRowId = z.number().int().positive().max(MAX_ROW_ID);

/** The path of a route naming one row by `id`. */
export const IdParams = z.object({ id: RowId });
export type IdParams = z.infer<typeof IdParams>;
