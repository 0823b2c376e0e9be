import type { DataSource } from 'typeorm';
import { RpcFailure } from '../rpc/rpc-failure.js';

/**
 * Keyset paging helpers for the list routes (see proto's paging.ts). A cursor is the sort key of
 * the last row sent, as the text PostgreSQL printed it: timestamps keep their microseconds and
 * ranks their exact float, which a round trip through JavaScript numbers or Dates would lose.
 */
export function encodeCursor(key: readonly string[]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** PostgreSQL's `integer`, the ids' columns: a larger id in a cursor would fail the query. */
const MAX_ROW_ID = 2_147_483_647;
/** PostgreSQL's `bigint`, the ids of the append-only logs (the audit log). */
const MAX_BIG_ROW_ID = 9_223_372_036_854_775_807n;

/** The kinds of value a sort key holds, checked before they reach SQL as typed parameters. */
const KEY_PARTS: Record<'time' | 'id' | 'bigId' | 'number', (part: string) => boolean> = {
  time: (part) =>
    /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/.test(part),
  id: (part) => /^\d{1,10}$/.test(part) && Number(part) <= MAX_ROW_ID,
  bigId: (part) => /^\d{1,19}$/.test(part) && BigInt(part) <= MAX_BIG_ROW_ID,
  number: (part) => /^-?\d+(\.\d+)?(e[+-]?\d+)?$/.test(part),
};
export type KeyPart = keyof typeof KEY_PARTS;

/** The key a cursor names, or a validation failure when it is not one this list answered. */
export function decodeCursor(
  cursor: string | undefined,
  parts: readonly KeyPart[],
): string[] | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = undefined;
  }
  if (
    !Array.isArray(key) ||
    key.length !== parts.length ||
    !key.every((part, index) => typeof part === 'string' && KEY_PARTS[parts[index]!](part))
  ) {
    throw unknownCursor();
  }
  return key as string[];
}

/** The refusal of a cursor no list answered (or another list's, or another order's). */
export function unknownCursor(): RpcFailure {
  return RpcFailure.validation('cursor must be a nextCursor this list answered', 'cursor');
}

/**
 * Rows were read with `limit + 1`: the extra row only tells that another page exists. The cursor
 * names the last row kept.
 */
export function pageOf<T>(
  rows: T[],
  limit: number,
  key: (row: T) => string[],
): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const kept = rows.slice(0, limit);
  return { rows: kept, nextCursor: encodeCursor(key(kept[kept.length - 1]!)) };
}

export interface KeysetList {
  /** Table and alias, e.g. `users u`. */
  from: string;
  /** Conditions of the whole list, with $1.. placeholders for `params`. */
  where: string;
  params: unknown[];
  /** The timestamp and id columns the list is ordered by, newest first. */
  at: string;
  id: string;
  cursor?: string;
  limit: number;
}

/** One page of ids of a list ordered newest first, with the count of the whole list. */
export async function keysetIds(
  db: Pick<DataSource, 'query'>,
  list: KeysetList,
): Promise<{ ids: number[]; totalCount: number; nextCursor: string | null }> {
  const [{ total }] = (await db.query(
    `SELECT count(*)::int AS total FROM ${list.from} WHERE ${list.where}`,
    list.params,
  )) as [{ total: number }];
  const params = [...list.params];
  let where = list.where;
  const after = decodeCursor(list.cursor, ['time', 'id']);
  if (after) {
    params.push(after[0], after[1]);
    where = `(${where}) AND (${list.at}, ${list.id}) < ($${params.length - 1}::timestamptz, $${params.length}::int)`;
  }
  params.push(list.limit + 1);
  const rows = (await db.query(
    `SELECT ${list.id} AS id, ${list.at}::text AS at FROM ${list.from} WHERE ${where}
      ORDER BY ${list.at} DESC, ${list.id} DESC LIMIT $${params.length}`,
    params,
  )) as { id: number; at: string }[];
  const page = pageOf(rows, list.limit, (row) => [row.at, String(row.id)]);
  return { ids: page.rows.map((row) => row.id), totalCount: total, nextCursor: page.nextCursor };
}
