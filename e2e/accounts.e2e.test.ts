import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  keepScreenshot,
  launchBrowser,
  recordToasts,
  seenToasts,
  signIn,
  toastText,
} from './browser.js';
import { type Mail, sharedMailbox } from './mailbox.js';
import { E2E_SUPER_ADMIN, type RunningStack, sharedStack, uniqueId } from './stack.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** The fixtures sit next to the repository. */
const AMY_PHOTO = resolve(repoRoot, '../shared/fixtures/faces/amy/amy1.png');

const ID = uniqueId();
/** The display name is the file's own too: the user form picks the organization by it. */
const ORGANIZATION = { name: `riverside-bakery-${ID}`, displayName: `Riverside Bakery ${ID}` };
const DOMAIN = `riverside-${ID}.test`;
const ADMIN = { name: 'Amy Baker', email: `amy@${DOMAIN}`, password: 'Riverside-Bakery-1!' };

let stack: RunningStack;
let browser: Browser;

beforeAll(async () => {
  stack = await sharedStack();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** The run's mail catcher's mail to the address (every file's mails are there). */
const mailTo = (address: string): Mail | undefined => sharedMailbox().to(address);

/** The setup address in the invitation, to /setup-password or /enhanced-setup. */
function invitationLink(mail: Mail): URL {
  const found = /https?:\/\/\S+?\/(?:setup-password|enhanced-setup)\?\S+/.exec(mail.text ?? '');
  if (!found) throw new Error(`no setup link in the invitation:\n${mail.text}`);
  return new URL(found[0]);
}

describe('accounts, as a person uses them', () => {
  it('invites an organization administrator who sets a password, sees only their organization, and is deleted', async () => {
    // The super administrator creates the organization.
    const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(admin, stack.url, E2E_SUPER_ADMIN.email, E2E_SUPER_ADMIN.password);
    await admin.getByTestId('nav-admin-dashboard').click();
    await admin.getByRole('heading', { name: 'Super Admin Dashboard' }).waitFor();
    await expect
      .poll(() => admin.getByTestId('stat-system-status-value').innerText())
      .toBe('Healthy');

    await admin.getByLabel('Organization Name').fill(ORGANIZATION.name);
    await admin.getByLabel('Display Name').fill(ORGANIZATION.displayName);
    await admin.getByLabel('Domain').fill(DOMAIN);
    await admin.getByRole('button', { name: 'Create Organization' }).click();
    await expect.poll(() => toastText(admin)).toContain('Organization Created');
    const organizationRow = admin.locator(
      `[data-testid=organization-row][data-organization="${ORGANIZATION.name}"]`,
    );
    await organizationRow.waitFor();
    expect(await organizationRow.innerText()).toContain('Standard');
    await keepScreenshot(admin, 'accounts-organization-created');

    // ... and its administrator, with a picture.
    await admin.getByTestId('admin-tab-users').click();
    await admin.getByLabel('Email', { exact: true }).fill(ADMIN.email);
    await admin.getByLabel('Full Name', { exact: true }).fill(ADMIN.name);
    await admin
      .getByLabel('Organization', { exact: true })
      .selectOption({ label: ORGANIZATION.displayName });
    await admin.getByLabel('Role', { exact: true }).selectOption('admin');
    await admin.getByLabel('Profile Picture', { exact: true }).setInputFiles(AMY_PHOTO);
    await admin.getByRole('button', { name: 'Create User' }).click();
    await expect
      .poll(() => toastText(admin), { timeout: 15_000 })
      .toContain('User Created Successfully');
    // Found by the search, not among the platform's ten newest, which the other files of the
    // run change meanwhile (their people, an import of hundreds).
    await admin.getByTestId('user-search').fill(ADMIN.email);
    const userRow = admin.locator(`[data-testid=user-row][data-email="${ADMIN.email}"]`);
    await userRow.waitFor();
    await expect.poll(() => admin.getByTestId('user-row').count()).toBe(1);
    expect(await userRow.innerText()).toContain('Pending');
    expect(await userRow.innerText()).toContain('Has Photo');
    await keepScreenshot(admin, 'accounts-user-invited');

    // The invitation arrives by mail.
    await expect.poll(() => mailTo(ADMIN.email), { timeout: 20_000 }).toBeDefined();
    const invitation = mailTo(ADMIN.email)!;
    expect(invitation.subject).toContain(ORGANIZATION.displayName);
    const link = invitationLink(invitation);
    expect(link.searchParams.get('email')).toBe(ADMIN.email);
    expect(link.searchParams.get('token')).toBeTruthy();

    // The new administrator opens it in their own browser and sets a password.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(recordToasts);
    const invited = await context.newPage();
    await invited.goto(`${stack.url}${link.pathname}${link.search}`);
    const enhanced = link.pathname === '/enhanced-setup';
    await invited
      .getByRole('heading', { name: enhanced ? 'Complete Your Account' : 'Set Up Your Password' })
      .waitFor();
    const greeting = await invited.getByTestId('invitation-greeting').innerText();
    expect(greeting).toContain(ADMIN.name);
    expect(greeting).toContain(ORGANIZATION.displayName);
    if (enhanced) await invited.getByTestId('setup-photo-input').setInputFiles(AMY_PHOTO);
    await invited.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await invited.getByLabel('Confirm Password').fill(ADMIN.password);
    await expect
      .poll(() => invited.locator('[data-testid=password-checklist] li[data-met=true]').count())
      .toBe(5);
    await invited.getByText('Passwords match').waitFor();
    await keepScreenshot(invited, 'accounts-setup-password');
    await invited
      .getByRole('button', { name: enhanced ? 'Complete Account Setup' : 'Set Password' })
      .click();
    await expect
      .poll(() => toastText(invited))
      .toContain(enhanced ? 'Account Setup Complete!' : 'Password Set Successfully');
    await invited.waitForURL('**/login');
    // The used link is not checked again on the way out: no "Invalid Link", and we stay on /login.
    await invited.getByRole('button', { name: 'Sign in' }).waitFor();
    expect((await seenToasts(invited)).map((toast) => toast.text)).not.toContainEqual(
      expect.stringContaining('Invalid'),
    );
    expect(new URL(invited.url()).pathname).toBe('/login');

    // They sign in and see only their organization.
    await signIn(invited, stack.url, ADMIN.email, ADMIN.password);
    await invited.getByText(`Welcome to ${ORGANIZATION.displayName} Hub`).waitFor();
    const sidebar = invited.getByTestId('sidebar');
    await sidebar.getByText('Hub', { exact: true }).waitFor();
    expect(await sidebar.getByText('Admin Dashboard').count()).toBe(0);
    expect(await sidebar.innerText()).toContain('admin');
    // Their picture is served to them.
    await expect.poll(() => sidebar.locator('img').count()).toBeGreaterThan(0);
    expect(await sidebar.locator('img').first().getAttribute('src')).toMatch(
      /^\/api\/users\/\d+\/profile-picture/,
    );
    await keepScreenshot(invited, 'accounts-new-admin-hub');

    await invited.goto(`${stack.url}/admin`);
    await expect.poll(() => toastText(invited)).toContain('Access Denied');
    await invited.waitForURL('**/dashboard');
    await keepScreenshot(invited, 'accounts-access-denied');
    await context.close();

    // The super administrator sees the account active, then deletes it.
    await admin.reload();
    await admin.getByRole('heading', { name: 'Super Admin Dashboard' }).waitFor();
    await admin.getByTestId('admin-tab-users').click();
    await admin.getByTestId('user-search').fill(DOMAIN.toUpperCase());
    await userRow.waitFor();
    expect(await userRow.innerText()).toContain('Active');
    await userRow.getByTestId('delete-user').click();
    await admin.getByTestId('confirm-dialog').waitFor();
    expect(await admin.getByTestId('confirm-dialog').innerText()).toContain(ADMIN.email);
    await admin.getByTestId('confirm-action').click();
    await expect.poll(() => toastText(admin)).toContain('User Deleted');
    await expect.poll(() => userRow.count()).toBe(0);
    await keepScreenshot(admin, 'accounts-user-deleted');

    const status = await admin.evaluate(
      async (body) =>
        (
          await fetch('/api/auth/login', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body,
          })
        ).status,
      JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    );
    expect(status).toBe(401);
    await admin.close();
  });
});
