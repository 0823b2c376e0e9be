import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { CreatableRole } from '@hub/proto';

/** A bearer token another system calls the API with, within a role ceiling, until it expires. */
@Entity({ name: 'api_tokens' })
export class ApiTokenEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'organization_id', type: 'integer' })
  organizationId!: number;

  @Column({ type: 'text' })
  name!: string;

  /** The secret's first characters, to tell tokens apart in the list. */
  @Column({ type: 'text' })
  hint!: string;

  /** SHA-256 of the secret; the secret itself is shown once and never stored. */
  @Column({ name: 'token_hash', type: 'text', unique: true })
  tokenHash!: string;

  @Column({ type: 'text' })
  role!: CreatableRole;

  @Column({ name: 'read_only', type: 'boolean' })
  readOnly!: boolean;

  /** The administrator the token acts for; a token whose creator left stops working. */
  @Column({ name: 'created_by', type: 'integer', nullable: true })
  createdBy!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
