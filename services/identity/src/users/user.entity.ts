import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import type { Role } from '@hub/proto';
import { OrganizationEntity } from '../organizations/organization.entity.js';

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Stored lower-cased; unique across the platform. */
  @Column({ type: 'text', unique: true })
  email!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  role!: Role;

  @Column({ name: 'organization_id', type: 'integer' })
  organizationId!: number;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id' })
  organization?: OrganizationEntity;

  /** argon2id hash; null for users who have not set a password (pending or SSO-only). */
  @Column({ name: 'password_hash', type: 'text', nullable: true, select: false })
  passwordHash!: string | null;

  /** Set whenever a password is set or changed; null when none was recorded. */
  @Column({ name: 'password_changed_at', type: 'timestamptz', nullable: true })
  passwordChangedAt!: Date | null;

  @Column({ name: 'profile_picture', type: 'text', nullable: true })
  profilePicture!: string | null;

  @Column({ name: 'auth0_user_id', type: 'text', nullable: true })
  auth0UserId!: string | null;

  @Column({ name: 'is_active', type: 'boolean', default: false })
  isActive!: boolean;

  @Column({ name: 'last_login', type: 'timestamptz', nullable: true })
  lastLogin!: Date | null;

  /** Set while the organization's identity provider has the member inactive (SCIM): no sign-in. */
  @Column({ name: 'suspended_at', type: 'timestamptz', nullable: true })
  suspendedAt!: Date | null;

  /** The identity provider's own id of the person (SCIM `externalId`). */
  @Column({ name: 'scim_external_id', type: 'text', nullable: true })
  scimExternalId!: string | null;

  @Column({ name: 'given_name', type: 'text', nullable: true })
  givenName!: string | null;

  @Column({ name: 'family_name', type: 'text', nullable: true })
  familyName!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /**
   * When what SCIM shows of the member last changed (`meta.lastModified`): kept by the database
   * on every write of those columns (migration 1768000062000), never by a writer.
   */
  @Column({ name: 'scim_modified_at', type: 'timestamptz', insert: false, update: false })
  scimModifiedAt!: Date;
}
