import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoopbackIdp } from '../services/gateway/test/saml/idp.js';
import { keepScreenshot, launchBrowser } from './browser.js';
import { E2E_SUPER_ADMIN, type RunningStack, sharedStack, uniqueId } from './stack.js';

const ID = uniqueId();
const ORGANIZATION = { name: `harbor-logistics-${ID}`, displayName: 'Harbor Logistics' };
const DOMAIN = `harbor-${ID}.test`;
const CONNECTION = `org_harbor_${ID}`;
const EMPLOYEE = `sam@${DOMAIN}`;

let stack: RunningStack;
let browser: Browser;
let idp: LoopbackIdp;

beforeAll(async () => {
  idp = await LoopbackIdp.start();
  stack = await sharedStack();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await idp?.close();
});

describe('single sign-on with SAML', () => {
  it('configures an organization from IdP metadata, then an employee signs in through the IdP', async () => {
    // The super administrator creates the organization with its identity provider.
    const admin = await browser.newPage({ viewport: { width: 1280, height: 1200 } });
    await admin.goto(`${stack.url}/`);
    await admin.getByLabel('Email').fill(E2E_SUPER_ADMIN.email);
    await admin.getByLabel('Password', { exact: true }).fill(E2E_SUPER_ADMIN.password);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.waitForURL('**/dashboard');
    await admin.goto(`${stack.url}/admin`);
    await admin.getByRole('heading', { name: 'Super Admin Dashboard' }).waitFor();
    await admin.getByLabel('Organization Name').fill(ORGANIZATION.name);
    await admin.getByLabel('Display Name').fill(ORGANIZATION.displayName);
    await admin.getByLabel('Domain').fill(DOMAIN);
    await admin.getByLabel('Enable SAML SSO').click();
    await admin.getByLabel('Auth0 Organization ID').fill(CONNECTION);
    await admin.getByLabel('Identity provider metadata XML').fill(idp.metadata);
    await admin.getByLabel('Create unknown users on their first sign-in').click();
    await admin.getByLabel('Role of users created on first sign-in').selectOption('manager');
    await keepScreenshot(admin, 'saml-organization-form');
    await admin.getByRole('button', { name: 'Create Organization' }).click();
    await expect
      .poll(() => admin.getByTestId('toast').first().innerText())
      .toContain('Organization Created');
    await admin.close();

    // The provider's administrator imports our service provider metadata.
    const metadata = await fetch(`${stack.url}/api/auth/saml/${CONNECTION}/metadata`);
    expect(metadata.status).toBe(200);
    idp.trust(await metadata.text());

    // An employee types their email, sees the badge and chooses SSO SAML.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${stack.url}/`);
    await page.getByLabel('Email').fill(EMPLOYEE);
    await page.getByTestId('saml-badge').waitFor();
    expect(await page.getByTestId('saml-badge').innerText()).toContain('SAML Available');
    await keepScreenshot(page, 'saml-badge');
    await page.getByRole('button', { name: 'SSO SAML' }).click();

    // The identity provider's own sign-in page.
    await page.waitForURL(`${idp.ssoUrl}?**`);
    await page.getByLabel('Work email').fill(EMPLOYEE);
    await keepScreenshot(page, 'saml-idp-page');
    await page.getByRole('button', { name: 'Continue to application' }).click();

    // Back at the product: the response is validated, the session opened, the Hub shown.
    await page.waitForURL('**/dashboard', { timeout: 20_000 });
    await page.getByText(`Welcome to ${ORGANIZATION.displayName} Hub`).waitFor();
    await keepScreenshot(page, 'saml-dashboard');
    const me = await page.evaluate(async () => {
      const response = await fetch('/api/user', { credentials: 'include' });
      return (await response.json()) as { email: string; role: string };
    });
    expect(me).toMatchObject({ email: EMPLOYEE, role: 'manager' });
    await context.close();
  });

  it('shows the refusal when the provider answers with a forged response', async () => {
    // A page of its own (about:blank), as the provider's would be: the app's CSP refuses
    // inline scripts, so the forged form cannot be written into one of our pages.
    const page = await browser.newPage();
    await page.setContent(
      `<form method="post" action="${stack.url}/api/auth/saml/${CONNECTION}/acs"><input name="SAMLResponse" value="${Buffer.from('<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"/>').toString('base64')}"></form><script>document.forms[0].submit()</script>`,
    );
    await page.waitForURL('**/callback?error=*');
    await expect
      .poll(() => page.getByTestId('toast').first().innerText(), { timeout: 5000 })
      .toContain('Authentication Error');
    await keepScreenshot(page, 'saml-refused');
    await page.waitForURL(`${stack.url}/`, { timeout: 10_000 });
    await page.close();
  });
});
