/**
 * A SAML identity provider for tests, on loopback: samlify (2.13) plays the provider for the
 * real flow (parses our AuthnRequest, signs its response), and `buildResponse`/`signResponse`
 * craft responses by hand with xml-crypto for every attack the service provider must refuse.
 * The key pairs beside this file are test-only, generated with openssl for these tests.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import * as samlify from 'samlify';
import { SignedXml } from 'xml-crypto';

const pem = (name: string) => readFileSync(new URL(`./${name}`, import.meta.url), 'utf8');

export interface KeyPair {
  key: string;
  cert: string;
}
export const IDP_KEYS: KeyPair = { key: pem('idp-key.pem'), cert: pem('idp-cert.pem') };
export const ATTACKER_KEYS: KeyPair = {
  key: pem('attacker-key.pem'),
  cert: pem('attacker-cert.pem'),
};

/** The base64 body of a PEM certificate. */
export const certBody = (cert: string) =>
  cert.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** The metadata an identity provider's administrator would hand over. */
export function idpMetadata(entityId: string, ssoUrl: string, cert = IDP_KEYS.cert): string {
  return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entityId}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${certBody(cert)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>
    </md:KeyDescriptor>
    <md:NameIDFormat>${EMAIL_FORMAT}</md:NameIDFormat>
    <md:SingleSignOnService Binding="${REDIRECT}" Location="${ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}

/** What a redirect-binding AuthnRequest carries. */
export function readAuthnRequest(redirectUrl: string) {
  const encoded = new URL(redirectUrl).searchParams.get('SAMLRequest');
  if (!encoded) throw new Error(`no SAMLRequest in ${redirectUrl}`);
  const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(xml)?.[1] ?? '';
  const issuer = /<(?:\w+:)?Issuer[^>]*>([^<]*)</.exec(xml)?.[1] ?? '';
  return {
    xml,
    id: attribute('ID'),
    acsUrl: attribute('AssertionConsumerServiceURL'),
    destination: attribute('Destination'),
    issuer,
  };
}

export interface ResponseOptions {
  issuer: string;
  /** The Response's own Issuer; the assertion's by default. */
  responseIssuer?: string;
  audience: string;
  destination: string;
  /** The bearer confirmation's Recipient; the destination by default. */
  recipient?: string;
  inResponseTo: string;
  email: string;
  /** Raw XML placed inside NameID instead of the email (for comment/instruction tricks). */
  nameIdXml?: string;
  assertionId?: string;
  notBefore?: Date;
  notOnOrAfter?: Date;
}

const samlId = () => `_${randomBytes(16).toString('hex')}`;
const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An unsigned SAML 2.0 login response, as a typical provider writes it. */
export function buildResponse(options: ResponseOptions): string {
  const now = new Date();
  const notBefore = (options.notBefore ?? new Date(now.getTime() - 60_000)).toISOString();
  const notOnOrAfter = (options.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000)).toISOString();
  const nameId = options.nameIdXml ?? escapeXml(options.email);
  return `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${samlId()}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${options.destination}" InResponseTo="${options.inResponseTo}"><saml:Issuer>${options.responseIssuer ?? options.issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status><saml:Assertion ID="${options.assertionId ?? samlId()}" Version="2.0" IssueInstant="${now.toISOString()}"><saml:Issuer>${options.issuer}</saml:Issuer><saml:Subject><saml:NameID Format="${EMAIL_FORMAT}">${nameId}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${notOnOrAfter}" Recipient="${options.recipient ?? options.destination}" InResponseTo="${options.inResponseTo}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${options.audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${samlId()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement></saml:Assertion></samlp:Response>`;
}

function sign(xml: string, keys: KeyPair, target: 'assertion' | 'response'): string {
  const path =
    target === 'assertion'
      ? "/*[local-name(.)='Response']/*[local-name(.)='Assertion']"
      : "/*[local-name(.)='Response']";
  const signature = new SignedXml({
    privateKey: keys.key,
    publicCert: keys.cert,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signature.addReference({
    xpath: path,
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
  });
  signature.computeSignature(xml, {
    prefix: 'ds',
    location: { reference: `${path}/*[local-name(.)='Issuer']`, action: 'after' },
  });
  return signature.getSignedXml();
}

/** Signs the assertion, then the whole response, each with the given key (null: unsigned). */
export function signResponse(
  xml: string,
  {
    assertion = IDP_KEYS,
    response = IDP_KEYS,
  }: { assertion?: KeyPair | null; response?: KeyPair | null } = {},
): string {
  let signed = assertion ? sign(xml, assertion, 'assertion') : xml;
  if (response) signed = sign(signed, response, 'response');
  return signed;
}

export const encodeResponse = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');

samlify.setSchemaValidator({ validate: () => Promise.resolve('skipped in tests') });

const readForm = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
};

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

/**
 * The provider's web side: GET /sso shows its sign-in page for our AuthnRequest; POST /login
 * answers the browser with a form that posts the signed response to our assertion consumer.
 */
export class LoopbackIdp {
  readonly entityId: string;
  private serviceProvider: ReturnType<typeof samlify.ServiceProvider> | undefined;
  private readonly provider: ReturnType<typeof samlify.IdentityProvider>;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {
    this.entityId = `${url}/metadata`;
    this.provider = samlify.IdentityProvider({
      entityID: this.entityId,
      signingCert: IDP_KEYS.cert,
      privateKey: IDP_KEYS.key,
      nameIDFormat: [EMAIL_FORMAT],
      singleSignOnService: [{ Binding: REDIRECT, Location: this.ssoUrl }],
      wantAuthnRequestsSigned: false,
      isAssertionEncrypted: false,
    });
  }

  get ssoUrl() {
    return `${this.url}/sso`;
  }

  get metadata() {
    return idpMetadata(this.entityId, this.ssoUrl);
  }

  static async start(): Promise<LoopbackIdp> {
    const started: { idp?: LoopbackIdp } = {};
    const server = createServer((request, response) => {
      started.idp!.handle(request).then(
        (html) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html),
        (error: Error) =>
          response.writeHead(400, { 'content-type': 'text/plain' }).end(error.message),
      );
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    started.idp = new LoopbackIdp(server, `http://127.0.0.1:${port}`);
    return started.idp;
  }

  /** Our SP's metadata (GET .../metadata), so samlify knows the ACS URL and audience. */
  trust(spMetadataXml: string) {
    this.serviceProvider = samlify.ServiceProvider({
      metadata: spMetadataXml,
      wantMessageSigned: true,
    });
  }

  private async handle(request: IncomingMessage): Promise<string> {
    const url = new URL(request.url ?? '/', this.url);
    if (request.method === 'GET' && url.pathname === '/sso') {
      const samlRequest = url.searchParams.get('SAMLRequest') ?? '';
      return page(
        'Identity Provider',
        `<h1>Identity Provider sign-in</h1><form method="post" action="/login">
<input type="hidden" name="SAMLRequest" value="${escapeXml(samlRequest)}">
<label for="idp-email">Work email</label> <input id="idp-email" name="email" type="email">
<button type="submit">Continue to application</button></form>`,
      );
    }
    if (request.method === 'POST' && url.pathname === '/login') {
      const form = await readForm(request);
      const { action, samlResponse } = await this.respond(
        form.get('SAMLRequest') ?? '',
        form.get('email') ?? '',
      );
      return page(
        'Signing in',
        `<form method="post" action="${escapeXml(action)}"><input type="hidden" name="SAMLResponse" value="${samlResponse}"><noscript><button type="submit">Continue</button></noscript></form><script>document.forms[0].submit()</script>`,
      );
    }
    throw new Error(`no route ${request.method} ${url.pathname}`);
  }

  /** samlify parses our AuthnRequest and signs its response (assertion and message). */
  async respond(samlRequest: string, email: string) {
    if (!this.serviceProvider) throw new Error('call trust() with the SP metadata first');
    const requestInfo = await this.provider.parseLoginRequest(this.serviceProvider, 'redirect', {
      query: { SAMLRequest: samlRequest },
      octetString: '',
    } as never);
    const { context } = (await this.provider.createLoginResponse(
      this.serviceProvider,
      requestInfo as never,
      'post',
      { email },
    )) as { context: string };
    const acs = (
      this.serviceProvider.entityMeta as { getAssertionConsumerService(b: string): string }
    ).getAssertionConsumerService('post');
    return { action: acs, samlResponse: context };
  }

  close() {
    return new Promise<void>((done) => this.server.close(() => done()));
  }
}
