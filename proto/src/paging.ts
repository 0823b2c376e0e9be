import { z } from 'zod';

/**
 * Cursor paging for list routes. An answer's `nextCursor` names the sort key of the last row it
 * carried (base64url JSON, opaque to callers); sending it back as `cursor` answers the rows after
 * that one. Keyset rather than offset: rows added or removed meanwhile neither repeat nor vanish
 * between pages. `nextCursor` is null on the last page; `totalCount` counts every matching row.
 */
export const PageCursor = z
  .string()
  .max(1000)
  .regex(/^[A-Za-z0-9_-]+$/, 'cursor must be a nextCursor this list answered');

export const PageInfo = z.object({
  totalCount: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type PageInfo = z.infer<typeof PageInfo>;

/** The query of a paged list: where to continue and how many rows at most. */
export function pageQuery(defaultLimit: number, maxLimit: number) {
  return z.object({
    cursor: PageCursor.optional(),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  });
}

/** The same after parsing, as it travels to the owning service. */
export const PageRequest = z.object({
  cursor: PageCursor.optional(),
  limit: z.number().int().min(1).max(200),
});
export type PageRequest = z.infer<typeof PageRequest>;
