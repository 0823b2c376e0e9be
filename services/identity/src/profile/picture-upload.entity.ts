import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** An uploaded image waiting to become someone's profile picture; fileName is what the browser holds. */
@Entity({ name: 'picture_uploads' })
export class PictureUploadEntity {
  @PrimaryColumn({ name: 'file_name', type: 'text' })
  fileName!: string;

  @Column({ name: 'storage_key', type: 'text' })
  storageKey!: string;

  @Column({ name: 'organization_id', type: 'integer' })
  organizationId!: number;

  @Column({ name: 'uploaded_by', type: 'integer' })
  uploadedBy!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'claimed_at', type: 'timestamptz', nullable: true })
  claimedAt!: Date | null;
}
