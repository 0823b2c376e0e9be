import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One person and one version of a document: asked to acknowledge it (`requestedAt`, when they
 * held a certification on the SOP as the version became current) and/or acknowledged it.
 */
@Entity({ name: 'version_acknowledgements' })
export class AcknowledgementEntity {
  @PrimaryColumn({ name: 'document_id', type: 'integer' })
  documentId!: number;

  @PrimaryColumn({ type: 'integer' })
  version!: number;

  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ name: 'organization_id', type: 'integer' })
  organizationId!: number;

  @Column({ name: 'requested_at', type: 'timestamptz', nullable: true })
  requestedAt!: Date | null;

  @Column({ name: 'acknowledged_at', type: 'timestamptz', nullable: true })
  acknowledgedAt!: Date | null;
}
