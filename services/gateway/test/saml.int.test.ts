import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, BROWSER_CALLBACK_REFUSED, INVALID_ORGANIZATION_IDENTIFIER } from '@hub/proto';
import { errorOf, expectError, callUrl } from './api-client.js';
import { ApiSession, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';
import {
  ATTACKER_KEYS,
  buildResponse,
  certBody,
  encodeResponse,
  IDP_KEYS,
  LoopbackIdp,
  readAuthnRequest,
  type ResponseOptions,
  signResponse,
} from './saml/idp.js';

const CONNECTION = 'org_acme';

let stack: TestStack;
let idp: LoopbackIdp;
let root: ApiSession;
let acme: number;
let sp: { spEntityId: string; acsUrl: string };

beforeAll(async () => {
  stack = await startTestStack();
  idp = await LoopbackIdp.start();
  root = new ApiSession(stack.url);
  await root.login(SUPER_ADMIN.email, SUPER_ADMIN.password);
  const created = await root.call(api.createOrganization, {
    body: {
      name: 'acme',
      displayName: 'Acme Foods',
      domain: 'acme.test',
      samlEnabled: true,
      auth0OrgId: CONNECTION,
      saml: { metadataXml: idp.metadata },
    },
  });
  acme = created.id;
  const globex = await stack.createOrganization('Globex', 'globex.test');
  await stack.createUser({ email: 'ann@acme.test', role: 'admin', organizationId: acme });
  await stack.createUser({ email: 'otto@acme.test', role: 'operator', organizationId: acme });
  await stack.createUser({
    email: 'paula@acme.test',
    role: 'operator',
    organizationId: acme,
    isActive: false,
  });
  await stack.createUser({ email: 'gina@globex.test', role: 'admin', organizationId: globex });
  const { spEntityId, acsUrl } = await root.call(api.samlSettings, { params: { id: acme } });
  // Both are set once SAML is: null would mean the organization above was not configured.
  if (spEntityId === null || acsUrl === null) throw new Error('SAML not configured for Acme');
  sp = { spEntityId, acsUrl };
  const metadataUrl = callUrl(api.samlMetadata, { params: { connection: CONNECTION } });
  const metadata = await fetch(`${stack.url}${metadataUrl}`);
  idp.trust(await metadata.text());
});

afterAll(async () => {
  await idp?.close();
  await stack?.stop();
});

/** The cookie our test browser got when it last started a sign-in (one browser, like a user's). */
let startedCookie = '';

/** A fresh AuthnRequest, as the 'SSO SAML' button starts it. */
async function startSso(organization = CONNECTION) {
  const browser = new ApiSession(stack.url);
  const body = await browser.call(api.samlStart, { body: { organization } });
  expect(Object.keys(body)).toEqual(['redirectUrl']);
  const setCookie = browser.lastSetCookie ?? '';
  startedCookie = /hub_saml_request=[^;]+/.exec(setCookie)?.[0] ?? '';
  return {
    redirectUrl: body.redirectUrl,
    setCookie,
    cookie: startedCookie,
    ...readAuthnRequest(body.redirectUrl),
  };
}

/** The provider's form post to our assertion consumer, as the starting browser sends it. */
async function postToAcs(
  samlResponse: string,
  connection = CONNECTION,
  started = startedCookie,
  headers: Record<string, string> = {},
) {
  const acs = callUrl(api.samlAssertionConsumer, { params: { connection } });
  const response = await fetch(`${stack.url}${acs}`, {
    method: 'POST',
    headers: { ...(started ? { cookie: started } : {}), ...headers },
    body: new URLSearchParams({ SAMLResponse: samlResponse }),
    redirect: 'manual',
  });
  const cookie = /hub_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  return { status: response.status, location: response.headers.get('location'), cookie };
}

async function currentUser(cookie: string | undefined) {
  const session = new ApiSession(stack.url);
  session.cookie = cookie ? `hub_session=${cookie}` : '';
  return session.send(api.currentUser);
}

/** A response for a fresh request, as the real provider would write it, with overrides. */
async function craft(overrides: Partial<ResponseOptions> = {}) {
  const request = await startSso();
  return buildResponse({
    issuer: idp.entityId,
    audience: sp.spEntityId,
    destination: sp.acsUrl,
    inResponseTo: request.id,
    email: 'ann@acme.test',
    ...overrides,
  });
}

async function expectRefused(samlResponse: string, code = 'saml_invalid') {
  const answer = await postToAcs(samlResponse);
  expect(answer.status).toBe(303);
  expect(answer.location).toBe(`/callback?error=${code}`);
  expect(answer.cookie).toBeUndefined();
}

describe('SAML configuration', () => {
  it('reads entity ID, SSO URL and certificate from pasted metadata, and shows SP addresses', async () => {
    const body = await root.call(api.samlSettings, { params: { id: acme } });
    expect(body).toMatchObject({
      connection: CONNECTION,
      samlEnabled: true,
      idpEntityId: idp.entityId,
      idpSsoUrl: idp.ssoUrl,
      acsUrl: `http://localhost:8080/api/auth/saml/${CONNECTION}/acs`,
      allowSignUp: false,
      signUpRole: 'operator',
    });
    expect(body.idpCertificateFingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  });

  it('serves the service provider metadata publicly', async () => {
    const response = await fetch(`${stack.url}/api/auth/saml/${CONNECTION}/metadata`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/xml/);
    const xml = await response.text();
    expect(xml).toContain(`entityID="${sp.spEntityId}"`);
    expect(xml).toContain(`Location="${sp.acsUrl}"`);
    const unknown = callUrl(api.samlMetadata, { params: { connection: 'nope' } });
    expect((await fetch(`${stack.url}${unknown}`)).status).toBe(404);
  });

  it('refuses incomplete or unusable identity provider settings', async () => {
    const base = { name: 'x', displayName: 'X', domain: 'x-saml.test', samlEnabled: true };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...base, auth0OrgId: 'has space' }, /must not contain spaces/],
      [{ ...base, auth0OrgId: 'org_x', saml: { entityId: 'e' } }, /single sign-on URL is required/],
      [{ ...base, auth0OrgId: 'org_x', saml: { metadataXml: '<nope' } }, /metadata is not usable/],
      [
        {
          ...base,
          auth0OrgId: 'org_x',
          saml: { entityId: 'e', ssoUrl: 'https://idp.test/sso', certificate: 'not a cert' },
        },
        /not a valid X.509 certificate/,
      ],
      [{ ...base, auth0OrgId: CONNECTION, saml: { metadataXml: idp.metadata } }, /already uses/],
    ];
    for (const [body, message] of cases) {
      const answer = await root.send(api.createOrganization, { invalidBody: body });
      expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(errorOf(answer).message).toMatch(message);
    }
  });

  it('takes explicit fields (PEM certificate) through PUT, super administrator only', async () => {
    const org = await root.call(api.createOrganization, {
      body: {
        name: 'initech',
        displayName: 'Initech',
        domain: 'initech.test',
        samlEnabled: true,
        auth0OrgId: 'org_initech',
      },
    });
    const initech = { params: { id: org.id } };
    const saved = await root.call(api.saveSamlSettings, {
      ...initech,
      body: {
        entityId: 'https://idp.initech.test',
        ssoUrl: 'https://idp.initech.test/sso',
        certificate: IDP_KEYS.cert,
        allowSignUp: true,
        signUpRole: 'manager',
      },
    });
    expect(saved).toMatchObject({
      idpEntityId: 'https://idp.initech.test',
      allowSignUp: true,
    });
    const anonymous = new ApiSession(stack.url);
    await expectError(anonymous.call(api.saveSamlSettings, { ...initech, body: {} }), 401);
  });
});

describe('SSO sign-in through the identity provider', () => {
  it('starts with a fresh AuthnRequest kept in Redis under the configured prefix', async () => {
    const first = await startSso();
    const second = await startSso();
    expect(first.redirectUrl.startsWith(`${idp.ssoUrl}?`)).toBe(true);
    expect(first.id).not.toBe(second.id);
    expect(first.acsUrl).toBe(sp.acsUrl);
    expect(first.issuer).toBe(sp.spEntityId);
    const keys = await stack.redis.keys(`${stack.redisPrefix}saml:request:${acme}:*`);
    expect(keys.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses to start for unknown or malformed organization identifiers', async () => {
    const browser = new ApiSession(stack.url);
    const unknown = browser.call(api.samlStart, { body: { organization: 'org_none' } });
    expect((await expectError(unknown, 404)).message).toMatch(
      /not configured for this organization/,
    );
    const spaced = browser.call(api.samlStart, { body: { organization: 'Acme Foods' } });
    expect((await expectError(spaced, 400)).message).toBe(INVALID_ORGANIZATION_IDENTIFIER);
  });

  it("signs in with the provider's signed response; the cookie works on GET /api/user", async () => {
    const { redirectUrl } = await startSso();
    const loginPage = await (await fetch(redirectUrl)).text();
    expect(loginPage).toContain('Identity Provider sign-in');
    const samlRequest = new URL(redirectUrl).searchParams.get('SAMLRequest')!;
    const posted = await fetch(`${idp.url}/login`, {
      method: 'POST',
      body: new URLSearchParams({ SAMLRequest: samlRequest, email: 'ann@acme.test' }),
    });
    const html = await posted.text();
    const action = /action="([^"]+)"/.exec(html)![1]!;
    const samlResponse = /name="SAMLResponse" value="([^"]+)"/.exec(html)![1]!;
    expect(action).toBe(sp.acsUrl);
    const answer = await postToAcs(samlResponse);
    expect(answer).toMatchObject({ status: 303, location: '/callback' });
    const me = await currentUser(answer.cookie);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'ann@acme.test', organizationId: acme });
    const { rows } = await stack.sql.query<{ method: string }>(
      `SELECT e.method FROM sign_in_events e JOIN users u ON u.id = e.user_id
        WHERE u.email = 'ann@acme.test' ORDER BY e.id DESC LIMIT 1`,
    );
    expect(rows[0]?.method).toBe('saml');
  });

  it('accepts a response signed by hand with the configured key (the baseline of the attacks)', async () => {
    const answer = await postToAcs(encodeResponse(signResponse(await craft())));
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/callback');
    expect((await currentUser(answer.cookie)).status).toBe(200);
  });

  it('accepts an assertion that expired within the allowed clock skew', async () => {
    const xml = await craft({ notOnOrAfter: new Date(Date.now() - 10_000) });
    expect((await postToAcs(encodeResponse(signResponse(xml)))).location).toBe('/callback');
  });

  it("remembers the browser's language, for what is written to them later", async () => {
    const xml = await craft({ email: 'otto@acme.test' });
    const answer = await postToAcs(encodeResponse(signResponse(xml)), CONNECTION, startedCookie, {
      'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8',
    });
    expect(answer.location).toBe('/callback');
    const { rows } = await stack.sql.query<{ browser_language: string | null }>(
      `SELECT p.browser_language FROM user_preferences p JOIN users u ON u.id = p.user_id
        WHERE u.email = 'otto@acme.test'`,
    );
    expect(rows).toEqual([{ browser_language: 'fr' }]);
  });

  it('activates a pending invited user on the first SSO sign-in', async () => {
    const answer = await postToAcs(
      encodeResponse(signResponse(await craft({ email: 'paula@acme.test' }))),
    );
    expect(answer.location).toBe('/callback');
    expect((await currentUser(answer.cookie)).body).toMatchObject({
      email: 'paula@acme.test',
      isActive: true,
    });
  });
});

describe('SAML and suspension', () => {
  it('refuses a member their identity provider suspended (SCIM active: false), and signs them in again once restored', async () => {
    const signIn = async () =>
      postToAcs(encodeResponse(signResponse(await craft({ email: 'otto@acme.test' }))));
    const before = await signIn();
    expect(before.location).toBe('/callback');
    await stack.sql.query(`UPDATE users SET suspended_at = now() WHERE email = 'otto@acme.test'`);
    await expectRefused(
      encodeResponse(signResponse(await craft({ email: 'otto@acme.test' }))),
      'saml_no_account',
    );
    await stack.sql.query(`UPDATE users SET suspended_at = NULL WHERE email = 'otto@acme.test'`);
    expect((await signIn()).location).toBe('/callback');
  });
});

describe('SAML and the super administrator', () => {
  it('refuses a super administrator, even one of the organization whose provider vouches for them', async () => {
    // The platform's own account must never rest on a tenant's identity provider: its password
    // is the only way in.
    await stack.createUser({ email: 'root@acme.test', role: 'super_admin', organizationId: acme });
    await expectRefused(
      encodeResponse(signResponse(await craft({ email: 'root@acme.test' }))),
      'saml_super_admin',
    );
    const { rows } = await stack.sql.query<{
      auth0_user_id: string | null;
      last_login: Date | null;
    }>(`SELECT auth0_user_id, last_login FROM users WHERE email = 'root@acme.test'`);
    expect(rows).toEqual([{ auth0_user_id: null, last_login: null }]);
  });
});

describe('SAML validation refuses', () => {
  it('an unsigned response and assertion', async () => {
    await expectRefused(encodeResponse(await craft()));
  });

  it('an unsigned assertion inside a signed response', async () => {
    await expectRefused(encodeResponse(signResponse(await craft(), { assertion: null })));
  });

  it('a signed assertion inside an unsigned response', async () => {
    await expectRefused(encodeResponse(signResponse(await craft(), { response: null })));
  });

  it('a signature by any key but the configured one', async () => {
    const xml = await craft();
    await expectRefused(
      encodeResponse(signResponse(xml, { assertion: ATTACKER_KEYS, response: ATTACKER_KEYS })),
    );
    await expectRefused(
      encodeResponse(signResponse(await craft(), { assertion: ATTACKER_KEYS, response: IDP_KEYS })),
    );
  });

  it('a changed assertion', async () => {
    const signed = signResponse(await craft());
    await expectRefused(encodeResponse(signed.replace('ann@acme.test', 'otto@acme.test')));
  });

  it('a wrong issuer, in the assertion or in the response', async () => {
    await expectRefused(
      encodeResponse(
        signResponse(
          await craft({ issuer: 'https://evil.test/idp', responseIssuer: idp.entityId }),
        ),
      ),
    );
    await expectRefused(
      encodeResponse(signResponse(await craft({ responseIssuer: 'https://evil.test/idp' }))),
    );
  });

  it('a wrong audience', async () => {
    await expectRefused(
      encodeResponse(signResponse(await craft({ audience: 'https://other-sp.test' }))),
    );
  });

  it('a wrong destination', async () => {
    await expectRefused(
      encodeResponse(signResponse(await craft({ destination: 'https://other-sp.test/acs' }))),
    );
  });

  it('an expired or not-yet-valid assertion beyond the clock skew', async () => {
    const past = await craft({
      notBefore: new Date(Date.now() - 600_000),
      notOnOrAfter: new Date(Date.now() - 120_000),
    });
    await expectRefused(encodeResponse(signResponse(past)), 'saml_expired');
    const future = await craft({ notBefore: new Date(Date.now() + 300_000) });
    await expectRefused(encodeResponse(signResponse(future)), 'saml_expired');
  });

  it('an unknown InResponseTo', async () => {
    await expectRefused(
      encodeResponse(signResponse(await craft({ inResponseTo: '_never-requested' }))),
      'saml_expired',
    );
  });

  it('a reused InResponseTo', async () => {
    const request = await startSso();
    const options = {
      issuer: idp.entityId,
      audience: sp.spEntityId,
      destination: sp.acsUrl,
      inResponseTo: request.id,
      email: 'ann@acme.test',
    };
    const first = await postToAcs(encodeResponse(signResponse(buildResponse(options))));
    expect(first.location).toBe('/callback');
    await expectRefused(encodeResponse(signResponse(buildResponse(options))), 'saml_expired');
  });

  it('a replayed assertion ID, even for a fresh request', async () => {
    const assertionId = `_replayed-${Date.now()}`;
    const first = await postToAcs(encodeResponse(signResponse(await craft({ assertionId }))));
    expect(first.location).toBe('/callback');
    await expectRefused(encodeResponse(signResponse(await craft({ assertionId }))), 'saml_expired');
    expect(await stack.redis.keys(`${stack.redisPrefix}saml:assertion:${acme}:*`)).not.toEqual([]);
  });

  it('signature wrapping: the signed assertion moved aside for a forged one', async () => {
    const signed = signResponse(await craft(), { response: null });
    const original = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(signed)![0];
    const forged = original
      .replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '')
      .replace('ann@acme.test', 'otto@acme.test')
      .replace(/ID="[^"]+"/, 'ID="_forged"');
    const wrapped = signed.replace(
      original,
      `<samlp:Extensions>${original}</samlp:Extensions>${forged}`,
    );
    await expectRefused(encodeResponse(wrapped));
  });

  it('signature wrapping: the signed response wrapped in a forged one', async () => {
    const signed = signResponse(await craft());
    const forged = buildResponse({
      issuer: idp.entityId,
      audience: sp.spEntityId,
      destination: sp.acsUrl,
      inResponseTo: (await startSso()).id,
      email: 'otto@acme.test',
    });
    const inner = signed.replace(/^<samlp:Response /, '<samlp:Response ');
    const wrapped = forged.replace(
      '</samlp:Status>',
      `</samlp:Status><samlp:Extensions>${inner}</samlp:Extensions>`,
    );
    await expectRefused(encodeResponse(wrapped));
  });

  it('a comment or processing instruction inside the NameID', async () => {
    for (const nameIdXml of ['ann@acme.test<!---->.evil.test', 'ann@acme.test<?x evil?>']) {
      await expectRefused(encodeResponse(signResponse(await craft({ nameIdXml }))));
    }
  });

  it('an email whose organization is not the configured one', async () => {
    await expectRefused(
      encodeResponse(signResponse(await craft({ email: 'gina@globex.test' }))),
      'saml_wrong_organization',
    );
    await expectRefused(
      encodeResponse(signResponse(await craft({ email: 'eve@elsewhere.test' }))),
      'saml_wrong_organization',
    );
  });

  it('an unknown user unless the organization allows sign-up (then with its role)', async () => {
    await expectRefused(
      encodeResponse(signResponse(await craft({ email: 'newbie@acme.test' }))),
      'saml_no_account',
    );
    await root.call(api.saveSamlSettings, {
      params: { id: acme },
      body: {
        entityId: idp.entityId,
        ssoUrl: idp.ssoUrl,
        certificate: certBody(IDP_KEYS.cert),
        allowSignUp: true,
        signUpRole: 'manager',
      },
    });
    const answer = await postToAcs(
      encodeResponse(signResponse(await craft({ email: 'newbie@acme.test' }))),
    );
    expect(answer.location).toBe('/callback');
    expect((await currentUser(answer.cookie)).body).toMatchObject({
      email: 'newbie@acme.test',
      role: 'manager',
      organizationId: acme,
    });
  });

  it('a bearer confirmation whose Recipient names another service (destination and audience right)', async () => {
    const xml = await craft({ recipient: 'https://other-sp.test/api/auth/saml/org_acme/acs' });
    await expectRefused(encodeResponse(signResponse(xml)));
  });

  it('a response to a sign-in that another browser started', async () => {
    // The attacker starts a sign-in and has the provider answer it for their own account...
    const attackers = await craft({ email: 'otto@acme.test' });
    const attackerCookie = startedCookie;
    // ...then makes the victim's browser, which started a sign-in of its own, post it.
    await startSso();
    const victim = await postToAcs(encodeResponse(signResponse(attackers)));
    expect(victim).toMatchObject({ status: 303, location: '/callback?error=saml_expired' });
    expect(victim.cookie).toBeUndefined();
    // Nor from a browser that started nothing.
    const none = await postToAcs(encodeResponse(signResponse(attackers)), CONNECTION, '');
    expect(none).toMatchObject({ location: '/callback?error=saml_expired', cookie: undefined });
    // The attacker's own browser still may use it: the binding, not the response, was wrong.
    const own = await postToAcs(
      encodeResponse(signResponse(attackers)),
      CONNECTION,
      attackerCookie,
    );
    expect(own.location).toBe('/callback');
  });

  it('keeps the started request in a short-lived httpOnly cookie, cleared by the response', async () => {
    const { setCookie } = await startSso();
    expect(setCookie).toMatch(/^hub_saml_request=[^;]+;/);
    expect(setCookie).toMatch(/Max-Age=600/);
    expect(setCookie).toMatch(/Path=\/api\/auth\/saml\//);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toMatch(/SameSite=None/);
    const response = await fetch(`${stack.url}/api/auth/saml/${CONNECTION}/acs`, {
      method: 'POST',
      headers: { cookie: startedCookie },
      body: new URLSearchParams({ SAMLResponse: 'bm90IGEgcmVzcG9uc2U=' }),
      redirect: 'manual',
    });
    expect(response.headers.get('set-cookie')).toMatch(
      /^hub_saml_request=;.*Max-Age=0|Expires=Thu, 01 Jan 1970/,
    );
  });

  it('a response without SAMLResponse, and a response for another organization', async () => {
    const empty = await fetch(`${stack.url}/api/auth/saml/${CONNECTION}/acs`, {
      method: 'POST',
      body: new URLSearchParams({}),
      redirect: 'manual',
    });
    expect(empty.headers.get('location')).toBe('/callback?error=saml_invalid');
    const other = await postToAcs(encodeResponse(signResponse(await craft())), 'org_initech');
    expect(other.location).toMatch(/^\/callback\?error=/);
    expect(other.cookie).toBeUndefined();
  });

  it('any identity the browser asserts at POST /api/auth/callback', async () => {
    const browser = new ApiSession(stack.url);
    const answer = browser.call(api.samlBrowserCallback, {
      invalidBody: {
        user: { sub: 'x', email: 'ann@acme.test', name: 'Ann', org_id: CONNECTION },
        organization: { id: CONNECTION },
      },
    });
    expect((await expectError(answer, 410)).message).toBe(BROWSER_CALLBACK_REFUSED);
    expect(browser.cookie).toBe('');
  });
});
