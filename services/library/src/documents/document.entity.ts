import { Column, Entity, JoinTable, ManyToMany, PrimaryGeneratedColumn } from 'typeorm';
import type { ProcessingStage } from '@hub/proto';
import { TagEntity } from '../tags/tag.entity.js';

@Entity({ name: 'documents' })
export class DocumentEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'organization_id', type: 'integer' })
  organizationId!: number;

  @Column({ name: 'folder_id', type: 'integer', nullable: true })
  folderId!: number | null;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ name: 'file_name', type: 'text' })
  fileName!: string;

  @Column({
    name: 'file_size',
    type: 'bigint',
    transformer: { to: (v: number) => v, from: (v: string) => Number(v) },
  })
  fileSize!: number;

  /** Everything stored for this document lives below it: source.pdf, content.md, images/. */
  @Column({ name: 'storage_prefix', type: 'text' })
  storagePrefix!: string;

  @Column({ name: 'source_key', type: 'text' })
  sourceKey!: string;

  @Column({ name: 'uploaded_by', type: 'integer' })
  uploadedBy!: number;

  @Column({ name: 'uploaded_at', type: 'timestamptz', default: () => 'now()' })
  uploadedAt!: Date;

  @Column({ name: 'processing_run', type: 'integer', default: 1 })
  processingRun!: number;

  @Column({ name: 'processing_stage', type: 'text', default: 'queued' })
  processingStage!: ProcessingStage;

  @Column({ name: 'progress_current', type: 'integer', nullable: true })
  progressCurrent!: number | null;

  @Column({ name: 'progress_total', type: 'integer', nullable: true })
  progressTotal!: number | null;

  @Column({ name: 'progress_updated_at', type: 'timestamptz', default: () => 'now()' })
  progressUpdatedAt!: Date;

  @Column({ type: 'boolean', default: false })
  processed!: boolean;

  @Column({ name: 'sop_processed', type: 'boolean', default: false })
  sopProcessed!: boolean;

  @Column({ name: 'sop_error', type: 'text', nullable: true })
  sopError!: string | null;

  @Column({ name: 'processing_error', type: 'text', nullable: true })
  processingError!: string | null;

  @Column({ name: 'ocr_processed', type: 'boolean', default: false })
  ocrProcessed!: boolean;

  @Column({ name: 'ocr_error', type: 'text', nullable: true })
  ocrError!: string | null;

  @Column({ name: 'page_count', type: 'integer', nullable: true })
  pageCount!: number | null;

  @Column({ name: 'image_count', type: 'integer', default: 0 })
  imageCount!: number;

  @Column({ name: 'markdown_key', type: 'text', nullable: true })
  markdownKey!: string | null;

  @Column({ name: 'text_key', type: 'text', nullable: true })
  textKey!: string | null;

  @Column({ name: 'content_text', type: 'text', default: '', select: false })
  contentText!: string;

  /** Bumped on every (re)generation, so a stale worker result is ignored. */
  @Column({ name: 'evaluation_run', type: 'integer', default: 0 })
  evaluationRun!: number;

  @Column({ name: 'evaluation_generated', type: 'boolean', default: false })
  evaluationGenerated!: boolean;

  @Column({ name: 'evaluation_id', type: 'integer', nullable: true })
  evaluationId!: number | null;

  @Column({ name: 'evaluation_generation_error', type: 'text', nullable: true })
  evaluationGenerationError!: string | null;

  /** The version whose file and content this row holds (see document_versions). */
  @Column({ name: 'current_version', type: 'integer', default: 1 })
  currentVersion!: number;

  @ManyToMany(() => TagEntity)
  @JoinTable({
    name: 'document_tags',
    joinColumn: { name: 'document_id', referencedColumnName: 'id' },
    inverseJoinColumn: { name: 'tag_id', referencedColumnName: 'id' },
  })
  tags?: TagEntity[];
}
