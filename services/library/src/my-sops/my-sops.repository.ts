import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { DocumentEntity } from '../documents/document.entity.js';
import { DocumentImageEntity } from '../documents/document-image.entity.js';
import { DocumentVersionEntity } from '../documents/document-version.entity.js';
import { AcknowledgementEntity } from '../acknowledgements/acknowledgement.entity.js';

/** What the reader of their own SOPs needs from the library's tables, within one organization. */
@Injectable()
export class MySopsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  documents(organizationId: number, documentIds: number[]) {
    return this.db.getRepository(DocumentEntity).find({
      where: { organizationId, id: In(documentIds) },
      order: { title: 'ASC', id: 'ASC' },
    });
  }

  document(organizationId: number, documentId: number) {
    return this.db.getRepository(DocumentEntity).findOneBy({ id: documentId, organizationId });
  }

  /** The version whose processing wrote this markdown (each version has its own folder). */
  contentVersion(documentId: number, markdownKey: string) {
    return this.db.getRepository(DocumentVersionEntity).findOneBy({ documentId, markdownKey });
  }

  image(documentId: number, imageId: string) {
    return this.db.getRepository(DocumentImageEntity).findOneBy({ documentId, imageId });
  }

  /**
   * Documents among these whose version in force (VersionsRepository.inForce: the current one,
   * or the last processed before it when it failed) waits for this person's acknowledgement.
   */
  async pending(organizationId: number, userId: number, documentIds: number[]) {
    if (documentIds.length === 0) return new Set<number>();
    // Raw SQL: one join of acknowledgements and the versions in force.
    const rows = (await this.db.query(
      `SELECT a.document_id FROM version_acknowledgements a
         JOIN documents d ON d.id = a.document_id
         JOIN document_versions c ON c.document_id = d.id AND c.version = d.current_version
        WHERE a.user_id = $1 AND a.organization_id = $2 AND a.document_id = ANY($3::int[])
          AND a.requested_at IS NOT NULL AND a.acknowledged_at IS NULL
          AND a.version = CASE
            WHEN c.processing_error IS NULL OR c.markdown_key IS NOT NULL THEN c.version
            ELSE coalesce((SELECT max(p.version) FROM document_versions p
                            WHERE p.document_id = d.id AND p.version < c.version
                              AND p.markdown_key IS NOT NULL), c.version)
          END`,
      [userId, organizationId, documentIds],
    )) as { document_id: number }[];
    return new Set(rows.map((row) => row.document_id));
  }

  async acknowledgedAt(documentId: number, version: number, userId: number) {
    const row = await this.db.getRepository(AcknowledgementEntity).findOne({
      where: { documentId, version, userId },
      select: { documentId: true, acknowledgedAt: true },
    });
    return row?.acknowledgedAt ?? null;
  }
}
