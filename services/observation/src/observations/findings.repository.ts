import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { FindingRow } from './observation-rows.js';

export interface NewFinding {
  observationId: number;
  organizationId: number;
  severity: FindingRow['severity'];
  category: FindingRow['category'];
  note: string;
  createdBy: number;
  idempotencyKey: string | null;
  /** When the device recorded it (ISO); null: now, when it arrives. */
  recordedAt: string | null;
}

/** How many findings an observation holds, and how many of them are open. */
export interface FindingCounts {
  total: number;
  open: number;
}

/**
 * Queries of observations' findings. The caller scopes to the organization by naming
 * observations it found in it; methods that run inside the service's transactions take its
 * manager.
 */
@Injectable()
export class FindingsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * Findings of these observations, oldest first, at most `perObservation` of each: the cap
   * bounds what new requests record, this bounds what an observation recorded before it shows.
   */
  async findings(observationIds: number[], perObservation: number): Promise<FindingRow[]> {
    if (observationIds.length === 0) return [];
    return (await this.db.query(
      `SELECT * FROM (
         SELECT f.*, f.created_at::text AS at_key, row_number() OVER (PARTITION BY f.observation_id ORDER BY f.created_at, f.id) AS place
           FROM findings f WHERE f.observation_id = ANY($1::int[])) numbered
        WHERE place <= $2 ORDER BY created_at, id`,
      [observationIds, perObservation],
    )) as FindingRow[];
  }

  /**
   * The observation's findings after `after` (the created_at text and id of the last one sent),
   * oldest first as `findings` orders them, `limit` at most.
   */
  async page(
    observationId: number,
    after: string[] | undefined,
    limit: number,
  ): Promise<FindingRow[]> {
    const params: unknown[] = [observationId, limit];
    let where = 'f.observation_id = $1';
    if (after) {
      params.push(after[0], after[1]);
      where += ' AND (f.created_at, f.id) > ($3::timestamptz, $4::int)';
    }
    return (await this.db.query(
      `SELECT f.*, f.created_at::text AS at_key FROM findings f WHERE ${where}
        ORDER BY f.created_at, f.id LIMIT $2`,
      params,
    )) as FindingRow[];
  }

  /**
   * All findings and the open ones of each of these observations, also past what `findings`
   * returns of them; an observation without findings is answered zeros.
   */
  async counts(observationIds: number[]): Promise<Map<number, FindingCounts>> {
    const counts = new Map(observationIds.map((id) => [id, { total: 0, open: 0 }]));
    if (observationIds.length === 0) return counts;
    const rows = (await this.db.query(
      `SELECT observation_id, count(*)::int AS total, count(*) FILTER (WHERE status = 'open')::int AS open
         FROM findings WHERE observation_id = ANY($1::int[]) GROUP BY observation_id`,
      [observationIds],
    )) as ({ observation_id: number } & FindingCounts)[];
    for (const { observation_id: id, total, open } of rows) counts.set(id, { total, open });
    return counts;
  }

  /** How many findings the observation holds. */
  async findingCount(tx: EntityManager, observationId: number): Promise<number> {
    const [row] = (await tx.query(
      `SELECT count(*)::int AS count FROM findings WHERE observation_id = $1`,
      [observationId],
    )) as { count: number }[];
    return row?.count ?? 0;
  }

  /** The observation's finding recorded with this key, if any. */
  async keyedFinding(
    tx: EntityManager,
    observationId: number,
    idempotencyKey: string,
  ): Promise<FindingRow | undefined> {
    const [row] = (await tx.query(
      `SELECT * FROM findings WHERE observation_id = $1 AND idempotency_key = $2`,
      [observationId, idempotencyKey],
    )) as FindingRow[];
    return row;
  }

  /**
   * Inserts the finding. Called under the observation's row lock, after keyedFinding and the
   * count: a concurrent request with the same key, or for the last free place, waits for this
   * one and then finds its key or the cap (the unique index still backs the key).
   */
  async insertFinding(tx: EntityManager, finding: NewFinding): Promise<FindingRow> {
    // The device's time is trusted only within what the server knows: its clock may be wrong (set
    // ahead, or never synced), and a finding dated in the future or before its session started
    // would sort out of place in the session and count in another day's figures. Clamped, not
    // refused: the outbox would otherwise drop a finding recorded in good faith.
    const [created] = (await tx.query(
      `INSERT INTO findings (observation_id, organization_id, severity, category, note, created_by, idempotency_key, created_at)
       SELECT $1, $2, $3, $4, $5, $6, $7,
              CASE WHEN $8::timestamptz IS NULL THEN now()
                   ELSE greatest(least($8::timestamptz, now()), o.started_at) END
         FROM observations o WHERE o.id = $1
       RETURNING *`,
      [
        finding.observationId,
        finding.organizationId,
        finding.severity,
        finding.category,
        finding.note,
        finding.createdBy,
        finding.idempotencyKey,
        finding.recordedAt,
      ],
    )) as FindingRow[];
    return created!;
  }

  /** Resolves the observation's finding (the first resolution is kept); undefined: no such finding. */
  async resolveFinding(
    observationId: number,
    findingId: number,
    resolvedBy: number,
  ): Promise<FindingRow | undefined> {
    // TypeORM answers an UPDATE ... RETURNING as [rows, affected count].
    const [updated] = (await this.db.query(
      `UPDATE findings SET status = 'resolved', resolved_at = coalesce(resolved_at, now()), resolved_by = coalesce(resolved_by, $3)
        WHERE id = $1 AND observation_id = $2 RETURNING *`,
      [findingId, observationId, resolvedBy],
    )) as [FindingRow[], number];
    return updated[0];
  }
}
