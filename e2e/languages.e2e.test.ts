import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followLink, keepScreenshot, launchBrowser, signIn } from './browser.js';
import { Api, createPeople } from './records.js';
import { E2E_SUPER_ADMIN, type RunningStack, sharedStack, uniqueId } from './stack.js';

const ID = uniqueId();
const DOMAIN = `languages-${ID}.test`;
const PASSWORD = 'Languages-Page-Pass-1!';
const EMAIL = `lucia@${DOMAIN}`;

let stack: RunningStack;
let browser: Browser;

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

beforeAll(async () => {
  stack = await sharedStack();
  browser = await launchBrowser();
  const admin = await new Api(stack).login(E2E_SUPER_ADMIN.email, E2E_SUPER_ADMIN.password);
  const organization = await admin.call('POST', '/api/admin/organizations', {
    name: `languages-plant-${ID}`,
    displayName: 'Languages Plant',
    domain: DOMAIN,
  });
  await createPeople(
    stack,
    organization.id,
    { lucia: { email: EMAIL, name: 'Lucía Supervisora', role: 'training_supervisor' } },
    PASSWORD,
  );
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('languages', () => {
  it('switches to Spanish from Settings at once, without a reload, and keeps it', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await signIn(page, stack.url, EMAIL, PASSWORD);
    expect(await htmlLang(page)).toBe('en');
    await followLink(page, '/settings');
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    // Set on this document only: a reload would drop it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await page.getByLabel('Language').selectOption('es');
    await page.getByTestId('save-preferences').click();

    await page.getByRole('heading', { name: 'Configuración', exact: true }).waitFor();
    await expect.poll(() => htmlLang(page)).toBe('es');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    expect(await page.getByTestId('nav-training').innerText()).toBe('Formación');
    expect(await page.getByTestId('nav-dashboard').innerText()).toBe('Inicio');
    expect(await page.getByTestId('settings-preferences').innerText()).toContain('Zona horaria');
    expect(await page.getByTestId('settings-security').innerText()).toContain('Sesiones abiertas');
    expect(await page.getByTestId('user-role').innerText()).toBe('supervisor de formación');
    expect(await page.getByLabel('Idioma').inputValue()).toBe('es');
    await keepScreenshot(page, 'languages-settings-es');

    // Stored on the server: the next visit opens in Spanish.
    const me = await new Api(stack).login(EMAIL, PASSWORD);
    expect((await me.call('GET', '/api/user/preferences')).language).toBe('es');
    await page.goto(`${stack.url}/dashboard`);
    await page.getByTestId('hub-title').waitFor();
    expect(await page.getByTestId('hub-title').innerText()).toBe(
      'Bienvenido/a al Hub de Languages Plant',
    );
    expect(await htmlLang(page)).toBe('es');
    await page.close();
  });

  it('shows the sign-in page in the browser language, and the saved preference once signed in', async () => {
    const context = await browser.newContext({
      locale: 'fr-FR',
      viewport: { width: 1280, height: 1000 },
    });
    const page = await context.newPage();
    await page.goto(`${stack.url}/`);
    await page.getByRole('heading', { name: 'Bon retour parmi nous' }).waitFor();
    expect(await htmlLang(page)).toBe('fr');
    expect(await page.getByRole('button', { name: 'Se connecter', exact: true }).isVisible()).toBe(
      true,
    );
    await keepScreenshot(page, 'languages-sign-in-fr');

    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.waitForURL('**/dashboard');
    // Lucía chose Spanish in the test above: her preference beats the browser's French.
    await expect.poll(() => page.getByTestId('nav-training').innerText()).toBe('Formación');
    expect(await htmlLang(page)).toBe('es');
    await context.close();
  });
});
