import { createRequire } from 'node:module';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Profile, SAML } from '@node-saml/node-saml';
import { z } from 'zod';
import type {
  Actor,
  RpcAnswer,
  RpcRequest,
  SamlErrorCode,
  SamlIdpSettings,
  SamlSettingsView,
  samlRpc,
} from '@hub/proto';
import { RpcFailure } from '@hub/kit';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config.js';
import { AuthService } from '../auth/auth.service.js';
import { emailDomain } from '../organizations/email-domain.js';
import type { OrganizationEntity } from '../organizations/organization.entity.js';
import { OrganizationsRepository } from '../organizations/organizations.repository.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { InvitationsService } from '../invitations/invitations.service.js';
import { parseXml, resolveIdpSettings } from './idp-metadata.js';
import type { SamlSettingsEntity } from './saml-settings.entity.js';
import { REQUEST_TTL_MS, SamlStore } from './saml-store.js';
import { assertIdentifierFree, spAddresses, toSamlSettingsView } from './saml-settings.js';
import { SamlRepository, type SsoUserChanges } from './saml.repository.js';

const require = createRequire(import.meta.url);
let nodeSaml: typeof import('@node-saml/node-saml') | undefined;
/**
 * node-saml and the XML signature stack it brings (xml-crypto, xpath, xml-encryption: ~5 MB of
 * heap) are loaded by the first SAML sign-in, not at start: most organizations never use SAML.
 */
const loadNodeSaml = () =>
  (nodeSaml ??= require('@node-saml/node-saml') as typeof import('@node-saml/node-saml'));

/** Assertions a little outside their validity window (clock differences) are still accepted. */
export const CLOCK_SKEW_MS = 30_000;

const PROTOCOL_NS = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const TEXT_NODE = 3;

const EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'emailAddress',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
];
const NAME_ATTRIBUTES = [
  'name',
  'displayName',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name',
  'urn:oid:2.16.840.1.113730.3.1.241',
];

type ConsumeAnswer = RpcAnswer<typeof samlRpc.consume>;

/** A refusal: `reason` is logged, `code` goes to the browser. */
class Refusal extends Error {
  constructor(
    readonly code: SamlErrorCode,
    readonly reason: string,
  ) {
    super(reason);
  }
}

interface Connection {
  organization: OrganizationEntity;
  settings: SamlSettingsEntity;
}

const firstText = (value: unknown): string | undefined => {
  const item = Array.isArray(value) ? value[0] : value;
  return typeof item === 'string' && item.trim() !== '' ? item.trim() : undefined;
};

@Injectable()
export class SamlService {
  private readonly logger = new Logger('Saml');

  constructor(
    @Inject(SamlRepository) private readonly saml: SamlRepository,
    @Inject(OrganizationsRepository) private readonly organizations: OrganizationsRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(AuthService) private readonly auth: AuthService,
    @Inject(SamlStore) private readonly store: SamlStore,
    @Inject(InvitationsService) private readonly invitations: InvitationsService,
  ) {}

  private async findConnection(identifier: string): Promise<Connection | null> {
    const organization = await this.saml.findSamlOrganization(identifier);
    if (!organization) return null;
    const settings = await this.saml.findSettings(organization.id);
    return settings ? { organization, settings } : null;
  }

  /** `onRequestSaved` learns the ID of each AuthnRequest as node-saml stores it. */
  private serviceProvider(
    { organization, settings }: Connection,
    onRequestSaved?: (id: string) => void,
  ): SAML {
    const { spEntityId, acsUrl } = spAddresses(this.config.PUBLIC_URL, organization.auth0OrgId!);
    const { SAML, ValidateInResponseTo } = loadNodeSaml();
    return new SAML({
      callbackUrl: acsUrl,
      entryPoint: settings.idpSsoUrl,
      issuer: spEntityId,
      audience: spEntityId,
      idpCert: settings.idpCertificates,
      idpIssuer: settings.idpEntityId,
      wantAuthnResponseSigned: true,
      wantAssertionsSigned: true,
      acceptedClockSkewMs: CLOCK_SKEW_MS,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: REQUEST_TTL_MS,
      cacheProvider: this.store.requestCache(organization.id, onRequestSaved),
      identifierFormat: EMAIL_FORMAT,
      disableRequestedAuthnContext: true,
      signatureAlgorithm: 'sha256',
      digestAlgorithm: 'sha256',
    });
  }

  /** A fresh AuthnRequest (its ID kept for InResponseTo), as the provider URL to redirect to. */
  async start(identifier: string): Promise<{ redirectUrl: string; requestId: string }> {
    const connection = await this.findConnection(identifier);
    if (!connection) {
      throw RpcFailure.notFound(
        'Single sign-on is not configured for this organization. Please contact your administrator.',
      );
    }
    let requestId: string | undefined;
    const provider = this.serviceProvider(connection, (id) => (requestId = id));
    const redirectUrl = await provider.getAuthorizeUrlAsync('', undefined, {});
    if (!requestId) throw new Error('node-saml stored no AuthnRequest ID');
    return { redirectUrl, requestId };
  }

  async metadata(identifier: string): Promise<{ xml: string }> {
    const connection = await this.findConnection(identifier);
    if (!connection) throw RpcFailure.notFound('No SAML organization with this identifier');
    return { xml: this.serviceProvider(connection).generateServiceProviderMetadata(null, null) };
  }

  async consume(request: RpcRequest<typeof samlRpc.consume>): Promise<ConsumeAnswer> {
    try {
      const user = await this.verifiedUser(
        request.connection,
        request.samlResponse,
        request.requestId,
      );
      const { token, session } = await this.auth.openSsoSession(user, request.client);
      return { outcome: 'signed_in', token, session };
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      this.logger.warn(
        `SAML sign-in refused for '${request.connection}' from ${request.client.ip}: ${error.reason}`,
      );
      return { outcome: 'refused', code: error.code };
    }
  }

  /** Every check of issue #8; throws a Refusal, or answers the user to sign in. */
  private async verifiedUser(
    identifier: string,
    samlResponse: string,
    browserRequestId: string | null,
  ): Promise<UserEntity> {
    const connection = await this.findConnection(identifier);
    if (!connection) throw new Refusal('saml_not_configured', 'no SAML organization by that name');
    const { organization, settings } = connection;
    const { acsUrl } = spAddresses(this.config.PUBLIC_URL, identifier);

    const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
    const document = this.inspectStructure(xml);
    // A response to a sign-in this browser did not start (login CSRF, a stolen response) ends
    // here, before it can use up the request ID of the browser that did start it.
    const inResponseTo = document.documentElement.getAttribute('InResponseTo');
    if (!browserRequestId || inResponseTo !== browserRequestId) {
      throw new Refusal('saml_expired', `InResponseTo '${inResponseTo}' is not this browser's`);
    }

    let profile: Profile | null;
    try {
      ({ profile } = await this.serviceProvider(connection).validatePostResponseAsync({
        SAMLResponse: samlResponse,
      }));
    } catch (error) {
      const message = (error as Error).message;
      const code = /InResponseTo|expired|not yet valid|subject confirmation/i.test(message)
        ? 'saml_expired'
        : 'saml_invalid';
      throw new Refusal(code, `node-saml: ${message}`);
    }
    if (!profile) throw new Refusal('saml_invalid', 'no profile in the response');

    // The Response's signature was verified over the whole root element, so its attributes hold.
    const root = document.documentElement;
    if (root.getAttribute('Destination') !== acsUrl) {
      throw new Refusal(
        'saml_invalid',
        `wrong destination '${root.getAttribute('Destination') ?? ''}'`,
      );
    }
    const responseIssuer = Array.from(root.getElementsByTagNameNS(ASSERTION_NS, 'Issuer')).find(
      (element) => element.parentNode === root,
    );
    if (responseIssuer && responseIssuer.textContent?.trim() !== settings.idpEntityId) {
      throw new Refusal('saml_invalid', `wrong response issuer '${responseIssuer.textContent}'`);
    }
    if (profile.issuer !== settings.idpEntityId) {
      throw new Refusal('saml_invalid', `wrong assertion issuer '${profile.issuer}'`);
    }
    refuseForeignRecipient(document, acsUrl);

    const assertion = (profile.getAssertion?.() ?? {}) as {
      Assertion?: { $?: { ID?: string }; Conditions?: { $?: { NotOnOrAfter?: string } }[] };
    };
    const assertionId = assertion.Assertion?.$?.ID;
    if (!assertionId) throw new Refusal('saml_invalid', 'the assertion has no ID');
    const notOnOrAfter = Date.parse(assertion.Assertion?.Conditions?.[0]?.$?.NotOnOrAfter ?? '');
    const keepUntil =
      (Number.isNaN(notOnOrAfter) ? Date.now() + 3_600_000 : notOnOrAfter) + CLOCK_SKEW_MS;
    if (!(await this.store.claimAssertion(organization.id, assertionId, keepUntil))) {
      throw new Refusal('saml_expired', `replayed assertion ${assertionId}`);
    }

    const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
    const emailText =
      EMAIL_ATTRIBUTES.map((key) => firstText(attributes[key])).find(Boolean) ?? profile.nameID;
    const email = z.email().safeParse(emailText?.trim().toLowerCase());
    if (!email.success) throw new Refusal('saml_invalid', `no usable email ('${emailText}')`);
    const name = NAME_ATTRIBUTES.map((key) => firstText(attributes[key])).find(Boolean);
    return this.matchUser(connection, email.data, name, `saml|${identifier}|${profile.nameID}`);
  }

  /**
   * Refuses what node-saml would let through or read ambiguously: anything but one Response
   * with exactly one plain Assertion (wrapping), and NameIDs holding comments, processing
   * instructions or elements (their text would be read differently than it was signed).
   */
  private inspectStructure(xml: string): Document {
    let document: Document;
    try {
      document = parseXml(xml);
    } catch (error) {
      throw new Refusal('saml_invalid', (error as Error).message);
    }
    const root = document.documentElement;
    if (root.namespaceURI !== PROTOCOL_NS || root.localName !== 'Response') {
      throw new Refusal('saml_invalid', 'the message is not a SAML Response');
    }
    const assertions = document.getElementsByTagNameNS(ASSERTION_NS, 'Assertion');
    if (assertions.length !== 1 || assertions[0]!.parentNode !== root) {
      throw new Refusal('saml_invalid', `${assertions.length} assertions, or one out of place`);
    }
    if (document.getElementsByTagNameNS(ASSERTION_NS, 'EncryptedAssertion').length > 0) {
      throw new Refusal('saml_invalid', 'encrypted assertions are not supported');
    }
    for (const nameId of Array.from(document.getElementsByTagNameNS(ASSERTION_NS, 'NameID'))) {
      const children = Array.from(nameId.childNodes);
      if (children.length === 0 || children.some((child) => child.nodeType !== TEXT_NODE)) {
        throw new Refusal('saml_invalid', 'the NameID holds a comment, instruction or element');
      }
    }
    return document;
  }

  /** The user with this email in the organization; new ones only where sign-up is allowed. */
  private async matchUser(
    { organization, settings }: Connection,
    email: string,
    name: string | undefined,
    externalId: string,
  ): Promise<UserEntity> {
    const domain = emailDomain(email);
    const owner = await this.organizations.findByDomain(domain);
    if (owner && owner.id !== organization.id) {
      throw new Refusal('saml_wrong_organization', `${email} belongs to organization ${owner.id}`);
    }
    const existing = await this.saml.findUserByEmail(email);
    if (existing && existing.organizationId !== organization.id) {
      throw new Refusal(
        'saml_wrong_organization',
        `${email} is a user of organization ${existing.organizationId}`,
      );
    }
    if (existing?.suspendedAt) {
      throw new Refusal('saml_no_account', `${email} is suspended by the organization`);
    }
    // The platform's own account never rests on a tenant's identity provider, not even its own
    // organization's: whoever controls that provider would hold every organization.
    if (existing?.role === 'super_admin') {
      throw new Refusal('saml_super_admin', `${email} is a super administrator`);
    }
    if (existing) {
      const changes: SsoUserChanges = {};
      // A pending invited user becomes active on the first SSO sign-in.
      if (!existing.isActive) changes.isActive = true;
      if (!existing.auth0UserId) changes.auth0UserId = externalId;
      if (Object.keys(changes).length > 0) {
        await this.saml.updateUser(existing.id, changes);
        Object.assign(existing, changes);
      }
      if (changes.isActive) await this.invitations.acceptedThroughSso(existing);
      return existing;
    }
    if (domain !== organization.domain) {
      throw new Refusal('saml_wrong_organization', `${email} is outside ${organization.domain}`);
    }
    if (!settings.allowSignUp) {
      throw new Refusal('saml_no_account', `${email} has no account and sign-up is off`);
    }
    const created = await this.users.create({
      email,
      name: name ?? email.slice(0, email.indexOf('@')),
      role: settings.signUpRole,
      organizationId: organization.id,
      passwordHash: null,
      profilePicture: null,
      auth0UserId: externalId,
      isActive: true,
      lastLogin: null,
    });
    created.organization = organization;
    this.logger.log(`created ${email} in organization ${organization.id} on first SSO sign-in`);
    return created;
  }

  async settings(actor: Actor, organizationId: number): Promise<SamlSettingsView> {
    void actor;
    const organization = await this.organizations.findById(organizationId);
    if (!organization) throw RpcFailure.notFound('Organization not found');
    const settings = await this.saml.findSettings(organizationId);
    return toSamlSettingsView(this.config.PUBLIC_URL, organization, settings);
  }

  async saveSettings(
    actor: Actor,
    organizationId: number,
    input: SamlIdpSettings,
  ): Promise<SamlSettingsView> {
    const organization = await this.organizations.findById(organizationId);
    if (!organization) throw RpcFailure.notFound('Organization not found');
    if (organization.samlEnabled && organization.auth0OrgId) {
      await assertIdentifierFree(this.saml, organization.auth0OrgId, organization.id);
    }
    await this.saml.saveSettings(organizationId, resolveIdpSettings(input));
    return this.settings(actor, organizationId);
  }
}

/**
 * node-saml checks the Audience and the Response's Destination but not who the bearer
 * confirmation was issued to: a response meant for another service of the same provider
 * (Recipient) must not open a session here. Every SubjectConfirmationData must name our ACS.
 */
function refuseForeignRecipient(document: Document, acsUrl: string): void {
  const confirmations = Array.from(
    document.getElementsByTagNameNS(ASSERTION_NS, 'SubjectConfirmationData'),
  );
  if (confirmations.length === 0) {
    throw new Refusal('saml_invalid', 'no SubjectConfirmationData');
  }
  for (const confirmation of confirmations) {
    const recipient = confirmation.getAttribute('Recipient');
    if (recipient !== acsUrl) throw new Refusal('saml_invalid', `wrong recipient '${recipient}'`);
  }
}
