import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { CreatableRole } from '@hub/proto';

/** An organization's identity provider; the SSO identifier and switch stay on the organization. */
@Entity({ name: 'saml_settings' })
export class SamlSettingsEntity {
  @PrimaryColumn({ name: 'organization_id', type: 'integer' })
  organizationId!: number;

  @Column({ name: 'idp_entity_id', type: 'text' })
  idpEntityId!: string;

  @Column({ name: 'idp_sso_url', type: 'text' })
  idpSsoUrl!: string;

  /** Base64 DER bodies of the provider's signing certificates (no PEM armour). */
  @Column({ name: 'idp_certificates', type: 'text', array: true })
  idpCertificates!: string[];

  @Column({ name: 'allow_sign_up', type: 'boolean', default: false })
  allowSignUp!: boolean;

  @Column({ name: 'sign_up_role', type: 'text', default: 'operator' })
  signUpRole!: CreatableRole;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
