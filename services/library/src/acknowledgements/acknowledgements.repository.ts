import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AcknowledgementEntity } from './acknowledgement.entity.js';

type VersionRef = { documentId: number; version: number; organizationId: number };

/** Requests and acknowledgements of document versions, one row per person and version. */
@Injectable()
export class AcknowledgementsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  private get rows() {
    return this.db.getRepository(AcknowledgementEntity);
  }

  find(documentId: number, version: number, userId: number) {
    return this.rows.findOneBy({ documentId, version, userId });
  }

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /**
   * Asks these people (in `tx`: the transaction writing their notice); returns only those not
   * asked before, so a repeat asks nobody twice.
   */
  async request(ref: VersionRef, userIds: number[], tx: EntityManager): Promise<number[]> {
    if (userIds.length === 0) return [];
    // Raw SQL: a conditional upsert answering whom it asked (ON CONFLICT … WHERE, RETURNING).
    const rows = (await tx.query(
      `INSERT INTO version_acknowledgements (document_id, version, user_id, organization_id, requested_at)
       SELECT $1, $2, user_id, $3, now() FROM unnest($4::int[]) AS user_id
       ON CONFLICT (document_id, version, user_id) DO UPDATE SET requested_at = now()
         WHERE version_acknowledgements.requested_at IS NULL
       RETURNING user_id AS "userId"`,
      [ref.documentId, ref.version, ref.organizationId, userIds],
    )) as { userId: number }[];
    return rows.map((row) => row.userId);
  }

  /** The first acknowledgement stands: acknowledging again changes nothing. */
  async acknowledge(ref: VersionRef, userId: number): Promise<void> {
    // Raw SQL: an upsert keeping the first acknowledgement (coalesce on conflict).
    await this.db.query(
      `INSERT INTO version_acknowledgements (document_id, version, user_id, organization_id, acknowledged_at)
       VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (document_id, version, user_id) DO UPDATE
         SET acknowledged_at = coalesce(version_acknowledgements.acknowledged_at, now())`,
      [ref.documentId, ref.version, userId, ref.organizationId],
    );
  }
}
