import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'document_images' })
export class DocumentImageEntity {
  @PrimaryColumn({ name: 'document_id', type: 'integer' })
  documentId!: number;

  /** 'img-N', as the markdown refers to it. */
  @PrimaryColumn({ name: 'image_id', type: 'text' })
  imageId!: string;

  @Column({ name: 'storage_key', type: 'text' })
  storageKey!: string;

  @Column({ type: 'integer' })
  page!: number;

  @Column({ type: 'integer' })
  width!: number;

  @Column({ type: 'integer' })
  height!: number;
}
