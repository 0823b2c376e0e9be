import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import type { SamlIdpSettings } from '@hub/proto';
import { RpcFailure } from '@hub/kit';

export const MD_NS = 'urn:oasis:names:tc:SAML:2.0:metadata';
export const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

export interface ResolvedIdp {
  idpEntityId: string;
  idpSsoUrl: string;
  idpCertificates: string[];
  allowSignUp: boolean;
  signUpRole: SamlIdpSettings['signUpRole'];
}

/** Parses XML without DTDs (no entity expansion) and fails on any malformed input. */
export function parseXml(xml: string): Document {
  if (/<!DOCTYPE/i.test(xml)) throw new Error('XML with a DOCTYPE is refused');
  const problems: string[] = [];
  const document = new DOMParser({
    locator: {},
    errorHandler: {
      warning: () => undefined,
      error: (message: string) => problems.push(message),
      fatalError: (message: string) => problems.push(message),
    },
  }).parseFromString(xml, 'text/xml') as unknown as Document;
  if (problems.length > 0 || !document?.documentElement) {
    throw new Error(`malformed XML: ${problems[0] ?? 'no root element'}`);
  }
  return document;
}

/** 'MII...' from a PEM or a bare base64 body, checked to be an X.509 certificate. */
export function normalizeCertificate(text: string): string {
  const body = text.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  try {
    new X509Certificate(Buffer.from(body, 'base64'));
  } catch {
    throw RpcFailure.validation(
      'The signing certificate is not a valid X.509 certificate (PEM or base64)',
      'certificate',
    );
  }
  return body;
}

export const certificateFingerprint = (body: string) =>
  new X509Certificate(Buffer.from(body, 'base64')).fingerprint256;

const invalidMetadata = (detail: string) =>
  RpcFailure.validation(`The identity provider metadata is not usable: ${detail}`, 'metadataXml');

/** Entity ID, HTTP-Redirect single sign-on URL and signing certificates from IdP metadata. */
export function parseIdpMetadata(xml: string): Omit<ResolvedIdp, 'allowSignUp' | 'signUpRole'> {
  let document: Document;
  try {
    document = parseXml(xml);
  } catch (error) {
    throw invalidMetadata((error as Error).message);
  }
  const descriptors = Array.from(document.getElementsByTagNameNS(MD_NS, 'EntityDescriptor'));
  const entity = descriptors.find(
    (element) => element.getElementsByTagNameNS(MD_NS, 'IDPSSODescriptor').length > 0,
  );
  if (!entity) throw invalidMetadata('no EntityDescriptor with an IDPSSODescriptor');
  const idpEntityId = entity.getAttribute('entityID')?.trim();
  if (!idpEntityId) throw invalidMetadata('the EntityDescriptor has no entityID');
  const idp = entity.getElementsByTagNameNS(MD_NS, 'IDPSSODescriptor')[0]!;
  const sso = Array.from(idp.getElementsByTagNameNS(MD_NS, 'SingleSignOnService')).find(
    (element) => element.getAttribute('Binding') === REDIRECT_BINDING,
  );
  const idpSsoUrl = sso?.getAttribute('Location')?.trim();
  if (!idpSsoUrl || !/^https?:\/\//i.test(idpSsoUrl)) {
    throw invalidMetadata('no HTTP-Redirect SingleSignOnService with an http(s) Location');
  }
  const idpCertificates = Array.from(idp.getElementsByTagNameNS(MD_NS, 'KeyDescriptor'))
    .filter((key) => (key.getAttribute('use') ?? 'signing') === 'signing')
    .flatMap((key) => Array.from(key.getElementsByTagNameNS(DSIG_NS, 'X509Certificate')))
    .map((element) => normalizeCertificate(element.textContent ?? ''));
  if (idpCertificates.length === 0) throw invalidMetadata('no signing certificate');
  return { idpEntityId, idpSsoUrl, idpCertificates: [...new Set(idpCertificates)] };
}

/** The settings to store: the metadata's, with any explicit field taking precedence. */
export function resolveIdpSettings(settings: SamlIdpSettings): ResolvedIdp {
  const fromMetadata = settings.metadataXml ? parseIdpMetadata(settings.metadataXml) : null;
  const idpEntityId = settings.entityId || fromMetadata?.idpEntityId;
  const idpSsoUrl = settings.ssoUrl || fromMetadata?.idpSsoUrl;
  const idpCertificates = settings.certificate
    ? [normalizeCertificate(settings.certificate)]
    : fromMetadata?.idpCertificates;
  if (!idpEntityId || !idpSsoUrl || !idpCertificates?.length) {
    throw RpcFailure.validation('The identity provider settings are incomplete', 'metadataXml');
  }
  return {
    idpEntityId,
    idpSsoUrl,
    idpCertificates,
    allowSignUp: settings.allowSignUp,
    signUpRole: settings.signUpRole,
  };
}
