import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One uploaded file of a document and what its processing run produced. */
@Entity({ name: 'document_versions' })
export class DocumentVersionEntity {
  @PrimaryColumn({ name: 'document_id', type: 'integer' })
  documentId!: number;

  @PrimaryColumn({ type: 'integer' })
  version!: number;

  @Column({ name: 'organization_id', type: 'integer' })
  organizationId!: number;

  @Column({ name: 'file_name', type: 'text' })
  fileName!: string;

  @Column({
    name: 'file_size',
    type: 'bigint',
    transformer: { to: (v: number) => v, from: (v: string) => Number(v) },
  })
  fileSize!: number;

  @Column({ name: 'storage_prefix', type: 'text' })
  storagePrefix!: string;

  @Column({ name: 'source_key', type: 'text' })
  sourceKey!: string;

  @Column({ name: 'change_note', type: 'text', default: '' })
  changeNote!: string;

  @Column({ name: 'uploaded_by', type: 'integer' })
  uploadedBy!: number;

  @Column({ name: 'uploaded_at', type: 'timestamptz', default: () => 'now()' })
  uploadedAt!: Date;

  /** The document's processing run that reads this version; its results land here. */
  @Column({ name: 'processing_run', type: 'integer' })
  processingRun!: number;

  @Column({ name: 'markdown_key', type: 'text', nullable: true })
  markdownKey!: string | null;

  @Column({ name: 'text_key', type: 'text', nullable: true })
  textKey!: string | null;

  @Column({ name: 'page_count', type: 'integer', nullable: true })
  pageCount!: number | null;

  @Column({ name: 'processing_error', type: 'text', nullable: true })
  processingError!: string | null;

  /** Processed above version 1, its safety check has not yet run through (see SafetyReobservation). */
  @Column({ name: 'safety_check_owed', type: 'boolean', default: false })
  safetyCheckOwed!: boolean;
}
