import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, identityRpc } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { TEST_REDIS_URL } from '@hub/testing';
import { expectError } from './api-client.js';
import { createOrganizationWithMembers, type Member, signedIn } from './tenant-fixtures.js';
import { invitationLink, MailCatcher } from './mail-catcher.js';
import { ApiSession, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';
import { SessionCache } from '../src/auth/session-cache.js';

let stack: TestStack;
let mail: MailCatcher;
let rpc: RpcClient;
let root: ApiSession;
let acme: { organizationId: number; members: Record<'admin' | 'operator', Member> };
let globex: { organizationId: number; members: Record<'admin', Member> };

beforeAll(async () => {
  mail = new MailCatcher();
  stack = await startTestStack({ SMTP_URL: await mail.start() });
  rpc = new RpcClient(TEST_REDIS_URL, stack.redisPrefix);
  root = await signedIn(stack, SUPER_ADMIN.email, SUPER_ADMIN.password);
  acme = await createOrganizationWithMembers(stack, 'Acme Foods', 'acme.test', [
    'admin',
    'operator',
  ]);
  globex = await createOrganizationWithMembers(stack, 'Globex Plant', 'globex.test', ['admin']);
});

afterAll(async () => {
  await rpc?.close();
  await stack?.stop();
  await mail?.stop();
});

describe("the organization's default language", () => {
  it('is set by its administrators only, and read by members who chose no language', async () => {
    const ann = acme.members.admin.session;
    const olga = acme.members.operator.session;
    const gina = globex.members.admin.session;
    const none = { defaultLanguage: null, defaultTimeZone: null };
    expect(await ann.call(api.organizationSettings)).toEqual(none);
    await expectError(olga.call(api.organizationSettings), 403);
    const french = { body: { defaultLanguage: 'fr' } } as const;
    await expectError(olga.call(api.updateOrganizationSettings, french), 403);
    const german = { invalidBody: { defaultLanguage: 'de' } };
    await expectError(ann.call(api.updateOrganizationSettings, german), 400);
    const saved = await ann.call(api.updateOrganizationSettings, french);
    expect(saved).toEqual({ defaultLanguage: 'fr', defaultTimeZone: null });

    expect(await olga.call(api.userPreferences)).toMatchObject({
      language: null,
      organizationLanguage: 'fr',
    });
    // Another organization keeps its own (none).
    expect(await gina.call(api.organizationSettings)).toEqual(none);
    expect(await gina.call(api.userPreferences)).toMatchObject({
      language: null,
      organizationLanguage: null,
    });
  });
});

describe('invitations', () => {
  it("are written in the invited member's language, else their organization's default", async () => {
    // Globex has no default: English, until the member's language is French.
    const created = await root.call(api.createUser, {
      body: { email: 'felix@globex.test', name: 'Félix', organizationId: globex.organizationId },
    });
    const english = await mail.waitFor('felix@globex.test');
    expect(english.subject).toBe("You're invited to Globex Plant");
    const userId = created.user.id;
    await stack.sql.query(`INSERT INTO user_preferences (user_id, language) VALUES ($1, 'fr')`, [
      userId,
    ]);
    await root.call(api.resendInvitation, { params: { id: userId } });
    const french = await mail.waitFor('felix@globex.test', /Invitation/);
    expect(french.subject).toBe('Invitation à rejoindre Globex Plant');
    expect(french.text).toContain('Bonjour Félix,');
    expect(french.text).toContain('Vous êtes invité à rejoindre Globex Plant.');
    expect(french.text).toMatch(/expire le \d+ \S+ \d{4}/);
    expect(french.html).toContain('Activer mon compte');
    expect(french.text).not.toMatch(/invited|expires/);
    // Its link opens the setup page in French, whatever the phone that opens it reads.
    expect(french.text).toMatch(/\/enhanced-setup\?token=\S+&lang=fr/);

    // Acme's default is French (set above): a new member who chose nothing reads French.
    const ann = acme.members.admin.session;
    await ann.call(api.updateOrganizationSettings, { body: { defaultLanguage: 'fr' } });
    await root.call(api.createUser, {
      body: { email: 'chloe@acme.test', name: 'Chloé', organizationId: acme.organizationId },
    });
    const byDefault = await mail.waitFor('chloe@acme.test');
    expect(byDefault.subject).toBe('Invitation à rejoindre Acme Foods');
    expect(byDefault.text).toContain('Une photo de profil vous sera aussi demandée');

    // The administrators hear of it in their own language: Ann reads Acme's French.
    const notices = (await ann.call(api.notifications)).notifications;
    expect(notices).toContainEqual(
      expect.objectContaining({
        title: 'Personne invitée',
        message: expect.stringMatching(
          /^Chloé \(chloe@acme\.test\) a été invité\(e\) à rejoindre Acme Foods en tant que /,
        ),
      }),
    );
    const gina = globex.members.admin.session;
    const ginas = (await gina.call(api.notifications)).notifications;
    expect(ginas.map((notice) => notice.title)).toContain('User invited');
  });
});

/** A Mexican plant's browser: what sends it reads Spanish when nothing else is chosen. */
const MEXICAN_BROWSER = { 'accept-language': 'es-MX,es;q=0.9' };

/** A session signed in from a browser sending these headers. */
async function signedInFrom(headers: Record<string, string>, email: string, password: string) {
  const session = new ApiSession(stack.url);
  await session.call(api.login, { body: { email, password, rememberMe: false }, headers });
  return session;
}

const noticeTitles = async (session: ApiSession) =>
  (await session.call(api.notifications)).notifications.map((notice) => notice.title);

describe('a member who chose no language, in an organization with no default', () => {
  it('reads what the server writes in the language of the browser they signed in with', async () => {
    const plant = await stack.createOrganization('Planta Monterrey', 'monterrey.test');
    const password = 'Planta-Pass-1!';
    for (const local of ['sofia', 'edgar']) {
      const email = `${local}@monterrey.test`;
      await stack.createUser({ email, password, role: 'admin', organizationId: plant });
    }
    const sofia = await signedInFrom(MEXICAN_BROWSER, 'sofia@monterrey.test', password);
    const edgar = await signedInFrom(MEXICAN_BROWSER, 'edgar@monterrey.test', password);
    // Edgar chose English, which outweighs his browser; Sofía never chose anything.
    const english = { language: 'en', timeZone: null, dateFormat: null, theme: 'system' } as const;
    await edgar.call(api.updateUserPreferences, { body: english });
    expect(await sofia.call(api.userPreferences)).toMatchObject({
      language: null,
      organizationLanguage: null,
    });
    // A later sign-in from a client that names no language (fetch sends '*') forgets nothing.
    await signedIn(stack, 'sofia@monterrey.test', password);

    // The administrators hear of an invitation: written for each, outside any request of theirs.
    await root.call(api.createUser, {
      body: { email: 'nora@monterrey.test', name: 'Nora', organizationId: plant },
    });
    const invited = await mail.waitFor('nora@monterrey.test');
    expect(await noticeTitles(sofia)).toContain('Persona invitada');
    expect(await noticeTitles(edgar)).toContain('User invited');

    // Nora sets her password from a French browser in Quebec: both remembered as a sign-in's
    // would be, and the administrators' notice that she joined is again in each one's language.
    const link = invitationLink(invited);
    // A photo already on file: the setup's photo step is not what this test is about.
    await stack.sql.query(`UPDATE users SET profile_picture = 'on-file.png' WHERE email = $1`, [
      link.email,
    ]);
    await new ApiSession(stack.url).call(api.setupPassword, {
      body: { token: link.token, email: link.email, password: 'Nora-Pass-123!' },
      headers: { 'accept-language': 'fr-CA,fr;q=0.8,en;q=0.5', 'x-time-zone': 'America/Toronto' },
    });
    expect(await noticeTitles(sofia)).toContain('Invitación aceptada');
    expect(await noticeTitles(edgar)).toContain('Invitation accepted');
    const { rows } = await stack.sql.query<{ browser_language: string | null }>(
      `SELECT p.browser_language FROM user_preferences p JOIN users u ON u.id = p.user_id
        WHERE u.email = 'nora@monterrey.test'`,
    );
    expect(rows).toEqual([{ browser_language: 'fr' }]);
    expect(await deviceTimeZoneOf('nora@monterrey.test')).toBe('America/Toronto');
  });
});

/** The language remembered of this person's browser, null before any. */
async function browserLanguageOf(email: string): Promise<string | null> {
  const { rows } = await stack.sql.query<{ browser_language: string | null }>(
    `SELECT p.browser_language FROM user_preferences p JOIN users u ON u.id = p.user_id
      WHERE u.email = $1`,
    [email],
  );
  return rows[0]?.browser_language ?? null;
}

/**
 * Drops the gateway's cached answer for this session, so its next request is resolved through
 * identity, as the first one past the cache's few seconds is: the test never waits them out.
 */
function uncached(session: ApiSession): ApiSession {
  const token = session.cookie.replace(/^hub_session=/, '');
  stack.gateway.app.get(SessionCache).forgetToken(token);
  return session;
}

describe('a member who stays signed in for weeks', () => {
  it("is written to in their browser's language of now, not of their last sign-in", async () => {
    const plant = await stack.createOrganization('Usine Lyon', 'lyon.test');
    const email = 'lea@lyon.test';
    const password = 'Usine-Pass-1!';
    await stack.createUser({ email, password, role: 'admin', organizationId: plant });
    const lea = new ApiSession(stack.url);
    await lea.call(api.login, {
      body: { email, password, rememberMe: true },
      headers: { 'accept-language': 'es' },
    });
    expect(await browserLanguageOf(email)).toBe('es');

    // Her phone now reads French: her session's next use through identity remembers it.
    await uncached(lea).call(api.userPreferences, {
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    await expect.poll(() => browserLanguageOf(email)).toBe('fr');
    // And her device's zone, sent as the web app sends it, the same way.
    await uncached(lea).call(api.userPreferences, {
      headers: { 'accept-language': 'fr', 'x-time-zone': 'Europe/Paris' },
    });
    await expect.poll(() => deviceTimeZoneOf(email)).toBe('Europe/Paris');

    // A program with her API token is not her browser, even beside her cookie.
    const { secret } = await lea.call(api.createApiToken, {
      body: { name: 'Nightly sync', role: 'manager', readOnly: true, expiresInDays: 30 },
    });
    await uncached(lea).call(api.teamMembers, {
      headers: { authorization: `Bearer ${secret}`, 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(await browserLanguageOf(email)).toBe('fr');

    // What is written to her afterwards, outside any request of hers, is French.
    await root.call(api.createUser, {
      body: { email: 'remi@lyon.test', name: 'Rémi', organizationId: plant },
    });
    await mail.waitFor('remi@lyon.test');
    await expect.poll(() => noticeTitles(lea)).toContain('Personne invitée');
  });
});

/** The zone remembered of this person's device, null before any. */
async function deviceTimeZoneOf(email: string): Promise<string | null> {
  const { rows } = await stack.sql.query<{ browser_time_zone: string | null }>(
    `SELECT p.browser_time_zone FROM user_preferences p JOIN users u ON u.id = p.user_id
      WHERE u.email = $1`,
    [email],
  );
  return rows[0]?.browser_time_zone ?? null;
}

describe("the organization's default time zone", () => {
  it('dates the mails and notices of members whose zone is unknown, an invited one first', async () => {
    const plant = await createOrganizationWithMembers(
      stack,
      'Planta Fresno Sur',
      'fresno-sur.test',
      ['admin', 'operator'],
    );
    const ann = plant.members.admin.session;
    const pacific = { defaultLanguage: null, defaultTimeZone: 'America/Los_Angeles' };
    const mars = { invalidBody: { defaultLanguage: null, defaultTimeZone: 'Mars/Olympus_Mons' } };
    await expectError(ann.call(api.updateOrganizationSettings, mars), 400);
    await expectError(
      plant.members.operator.session.call(api.updateOrganizationSettings, { body: pacific }),
      403,
    );
    expect(await ann.call(api.updateOrganizationSettings, { body: pacific })).toEqual(pacific);
    // A client that names no zone changes the language alone.
    const spanish = { body: { defaultLanguage: 'es' } } as const;
    expect(await ann.call(api.updateOrganizationSettings, spanish)).toEqual({
      ...pacific,
      defaultLanguage: 'es',
    });
    await ann.call(api.updateOrganizationSettings, { body: pacific });

    // Someone invited has neither a zone nor a device yet: the expiry is on the plant's clock.
    const created = await root.call(api.createUser, {
      body: { email: 'rosa@fresno-sur.test', name: 'Rosa', organizationId: plant.organizationId },
    });
    const invitation = await mail.waitFor('rosa@fresno-sur.test');
    const { rows } = await stack.sql.query<{ expires_at: Date }>(
      `SELECT expires_at FROM invitations WHERE user_id = $1`,
      [created.user.id],
    );
    const inFresno = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'America/Los_Angeles',
    }).format(rows[0]!.expires_at);
    expect(invitation.text).toMatch(new RegExp(`expires on ${inFresno} GMT-[78]\\.`));
    expect(invitation.text).not.toContain('UTC');

    // 02:00 on 11 January in UTC is 18:00 on 10 January in Fresno.
    await rpc.call(identityRpc.notify, {
      userIds: [plant.members.operator.id],
      notification: {
        type: 'error',
        key: 'certificationExpired',
        params: { holder: 'Olga', title: 'Forklift', expiresAt: '2031-01-11T02:00:00.000Z' },
      },
      key: 'organization-zone:olga',
    });
    const notices = (await plant.members.operator.session.call(api.notifications)).notifications;
    expect(notices.map((notice) => notice.message)).toContain(
      `Olga's certification "Forklift" expired on 10 January 2031. A new pass renews it.`,
    );
  });
});

describe('a member who chose no time zone', () => {
  it("is written dates in their device's zone, as their app shows them", async () => {
    const plant = await stack.createOrganization('Planta Fresno', 'fresno.test');
    const email = 'lupe@fresno.test';
    const password = 'Planta-Pass-1!';
    const userId = await stack.createUser({
      email,
      name: 'Lupe',
      password,
      role: 'admin',
      organizationId: plant,
    });
    await stack.sql.query(
      `INSERT INTO notification_settings (user_id, email_notifications) VALUES ($1, true)`,
      [userId],
    );
    const lupe = await signedInFrom({ 'x-time-zone': 'America/Los_Angeles' }, email, password);
    expect(await deviceTimeZoneOf(email)).toBe('America/Los_Angeles');

    // A zone the server's runtime does not know dates nothing: the one known is kept.
    await signedInFrom({ 'x-time-zone': 'Mars/Olympus_Mons' }, email, password);
    expect(await deviceTimeZoneOf(email)).toBe('America/Los_Angeles');

    // A program with her API token is not her device, even beside her cookie.
    const { secret } = await lupe.call(api.createApiToken, {
      body: { name: 'Nightly sync', role: 'manager', readOnly: true, expiresInDays: 30 },
    });
    await uncached(lupe).call(api.teamMembers, {
      headers: { authorization: `Bearer ${secret}`, 'x-time-zone': 'Asia/Tokyo' },
    });
    expect(await deviceTimeZoneOf(email)).toBe('America/Los_Angeles');

    // 02:00 on 11 January in UTC is 18:00 on 10 January in Los Angeles, as her app shows it.
    await rpc.call(identityRpc.notify, {
      userIds: [userId],
      notification: {
        type: 'error',
        key: 'certificationExpired',
        params: { holder: 'Lupe', title: 'Forklift', expiresAt: '2031-01-11T02:00:00.000Z' },
      },
      key: 'device-zone:lupe',
    });
    const written = `Lupe's certification "Forklift" expired on 10 January 2031. A new pass renews it.`;
    const notices = (await lupe.call(api.notifications)).notifications;
    expect(notices.map((notice) => notice.message)).toContain(written);
    expect((await mail.waitFor(email)).text).toContain(written);
  });
});
