import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'organizations' })
export class OrganizationEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'display_name', type: 'text' })
  displayName!: string;

  /** Lower-cased email domain; unique, so a sign-in email maps to at most one organization. */
  @Column({ type: 'text', unique: true })
  domain!: string;

  @Column({ name: 'auth0_org_id', type: 'text', nullable: true })
  auth0OrgId!: string | null;

  @Column({ name: 'saml_enabled', type: 'boolean', default: false })
  samlEnabled!: boolean;

  /** The language of members who chose none; null: each follows their browser. */
  @Column({ name: 'default_language', type: 'text', nullable: true })
  defaultLanguage!: string | null;

  /**
   * The IANA zone of members who chose none and whose device's zone is unknown; null: UTC.
   */
  @Column({ name: 'default_time_zone', type: 'text', nullable: true })
  defaultTimeZone!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
