import type { CreateOrganizationRequest, SamlSettingsView } from '@hub/proto';
import { RpcFailure } from '@hub/kit';
import type { OrganizationEntity } from '../organizations/organization.entity.js';
import { certificateFingerprint, type ResolvedIdp, resolveIdpSettings } from './idp-metadata.js';
import type { SamlSettingsEntity } from './saml-settings.entity.js';
import type { SamlRepository } from './saml.repository.js';

/** The service provider's own addresses for one organization. */
export function spAddresses(publicUrl: string, connection: string) {
  const base = `${publicUrl.replace(/\/+$/, '')}/api/auth/saml/${encodeURIComponent(connection)}`;
  return { spEntityId: `${base}/metadata`, metadataUrl: `${base}/metadata`, acsUrl: `${base}/acs` };
}

/** Refuses a second SAML organization with the same SSO identifier. */
export async function assertIdentifierFree(
  saml: Pick<SamlRepository, 'identifierTaken'>,
  identifier: string,
  exceptOrganizationId = 0,
): Promise<void> {
  if (await saml.identifierTaken(identifier, exceptOrganizationId)) {
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
  saml: Pick<SamlRepository, 'identifierTaken'>,
  request: CreateOrganizationRequest,
): Promise<ResolvedIdp | null> {
  if (request.samlEnabled && request.auth0OrgId)
    await assertIdentifierFree(saml, request.auth0OrgId);
  return request.saml ? resolveIdpSettings(request.saml) : null;
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
