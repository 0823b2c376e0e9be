import { z } from 'zod';

/**
 * A row id as a request names it: past PostgreSQL's `integer` (the ids' columns) no row can have
 * it, and the query would fail with a 500; it is refused with a 400 instead.
 */
export const RowId = z.coerce.number().int().positive().max(2_147_483_647);

/** The path of a route naming one row by `id`. */
export const IdParams = z.object({ id: RowId });
export type IdParams = z.infer<typeof IdParams>;
