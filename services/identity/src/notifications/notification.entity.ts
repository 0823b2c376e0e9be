import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Notification } from '@hub/proto';

@Entity({ name: 'notifications' })
export class NotificationEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ name: 'organization_id', type: 'integer' })
  organizationId!: number;

  @Column({ type: 'text' })
  type!: Notification['type'];

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text' })
  message!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt!: Date | null;

  /** The caller's idempotency key (unique per person), null for most. */
  @Column({ name: 'dedupe_key', type: 'text', nullable: true })
  dedupeKey!: string | null;
}
