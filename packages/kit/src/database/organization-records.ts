import type { DataSource } from 'typeorm';
import type { Actor, RecordBatch, RecordCursor } from '@hub/proto';
import { requireOrganization } from '../authz/rpc-access.js';

/**
 * How a service reads one kind of an organization's records for its export: the table (as
 * `t`), the condition that keeps the organization's rows ($1 is its id), the columns that order
 * the rows uniquely (the keyset the next batch starts after), and the columns never exported.
 */
export interface RecordKind {
  table: string;
  scope: string;
  key: readonly string[];
  omit?: readonly string[];
}

/**
 * The columns a kind exports: its table's, in the table's order, less the omitted ones. Read from
 * the catalog, as the rows are read, so the header and the rows are of one declaration (the table
 * and its `omit`) and a migration adding a column adds it to both.
 */
async function exportedColumns(db: DataSource, kind: RecordKind): Promise<string[]> {
  const columns = (await db.query(
    `SELECT attname AS name FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
    [kind.table],
  )) as { name: string }[];
  const omitted = new Set(kind.omit ?? []);
  return columns.map((column) => column.name).filter((column) => !omitted.has(column));
}

/**
 * One batch of a kind, `limit` rows after `after`, each row as PostgreSQL's own JSON of it
 * (dates ISO, arrays and JSON kept) without the omitted columns, and the kind's columns (a
 * spreadsheet's header, rows or none). Keyset paging: every batch costs the same however deep
 * into a large table (presence events, the audit log) it is.
 */
export async function readRecordBatch(
  db: DataSource,
  kind: RecordKind,
  organizationId: number,
  after: RecordCursor | null,
  limit: number,
): Promise<RecordBatch> {
  const key = kind.key.map((column) => `t.${column}`).join(', ');
  const start = after
    ? ` AND (${key}) > (${after.map((_, index) => `$${index + 3}`).join(', ')})`
    : '';
  const omit = (kind.omit ?? []).map((column) => ` - '${column}'`).join('');
  const rows = (await db.query(
    `SELECT to_jsonb(t)${omit} AS record, jsonb_build_array(${key}) AS key
       FROM ${kind.table} t WHERE ${kind.scope}${start} ORDER BY ${key} LIMIT $2`,
    [organizationId, limit, ...(after ?? [])],
  )) as { record: Record<string, unknown>; key: RecordCursor }[];
  return {
    columns: await exportedColumns(db, kind),
    rows: rows.map((row) => row.record),
    next: rows.length === limit ? rows[rows.length - 1]!.key : null,
  };
}

/** A service's answer to an export batch request: the actor checked again, then the batch. */
export function answerRecordBatch<K extends string>(
  db: DataSource,
  kinds: Record<K, RecordKind>,
  request: {
    actor: Actor;
    organizationId: number;
    kind: K;
    after: RecordCursor | null;
    limit: number;
  },
): Promise<RecordBatch> {
  requireOrganization(request.actor, request.organizationId);
  return readRecordBatch(
    db,
    kinds[request.kind],
    request.organizationId,
    request.after,
    request.limit,
  );
}
