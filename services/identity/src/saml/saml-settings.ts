import type { DataSource, EntityManager } from 'typeorm';
import type { CreateOrganizationRequest, SamlSettingsView } from '@hub/proto';
import { RpcFailure } from '@hub/kit';
import type { OrganizationEntity } from '../organizations/organization.entity.js';
import { certificateFingerprint, type ResolvedIdp, resolveIdpSettings } from './idp-metadata.js';
import { SamlSettingsEntity } from './saml-settings.entity.js';

/** The service provider's own addresses for one organization. */
export function spAddresses(publicUrl: string, connection: string) {
  const base = `${publicUrl.replace(/\/+$/, '')}/api/auth/saml/${encodeURIComponent(connection)}`;
  return { spEntityId: `${base}/metadata`, metadataUrl: `${base}/metadata`, acsUrl: `${base}/acs` };
}

/** Refuses a second SAML organization with the same SSO identifier. */
export async function assertIdentifierFree(
  db: DataSource | EntityManager,
  identifier: string,
  exceptOrganizationId = 0,
): Promise<void> {
  const [taken] = (await db.query(
    `SELECT 1 FROM organizations WHERE auth0_org_id = $1 AND saml_enabled AND id <> $2 LIMIT 1`,
    [identifier, exceptOrganizationId],
  )) as unknown[];
  if (taken) {
    throw new RpcFailure(
      'conflict',
      'Another organization already uses this Auth0 Organization ID.',
      'auth0OrgId',
    );
  }
}

/**
 * For POST /api/admin/organizations: checks the SSO identifier and resolves the identity
 * provider (metadata parsed) before anything is saved; null when there is nothing to store.
 */
export async function prepareSamlForNewOrganization(
  db: DataSource,
  request: CreateOrganizationRequest,
): Promise<ResolvedIdp | null> {
  if (request.samlEnabled && request.auth0OrgId) await assertIdentifierFree(db, request.auth0OrgId);
  return request.saml ? resolveIdpSettings(request.saml) : null;
}

export async function saveSamlSettings(
  db: DataSource | EntityManager,
  organizationId: number,
  resolved: ResolvedIdp,
): Promise<void> {
  await db.getRepository(SamlSettingsEntity).save({ organizationId, ...resolved });
}

export function toSamlSettingsView(
  publicUrl: string,
  organization: OrganizationEntity,
  settings: SamlSettingsEntity | null,
): SamlSettingsView {
  const connection = organization.auth0OrgId;
  const addresses = connection
    ? spAddresses(publicUrl, connection)
    : { spEntityId: null, metadataUrl: null, acsUrl: null };
  return {
    organizationId: organization.id,
    connection,
    samlEnabled: organization.samlEnabled,
    ...addresses,
    idpEntityId: settings?.idpEntityId ?? null,
    idpSsoUrl: settings?.idpSsoUrl ?? null,
    idpCertificateFingerprint: settings?.idpCertificates[0]
      ? certificateFingerprint(settings.idpCertificates[0])
      : null,
    allowSignUp: settings?.allowSignUp ?? false,
    signUpRole: settings?.signUpRole ?? 'operator',
  };
}
