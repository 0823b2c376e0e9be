import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher } from './mail-catcher.js';
import { ApiSession, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';

const PASSWORD = 'Lang-Pass-123!';

let stack: TestStack;
let mail: MailCatcher;
let root: ApiSession;
let acme: number;
let globex: number;

beforeAll(async () => {
  mail = new MailCatcher();
  stack = await startTestStack({ SMTP_URL: await mail.start() });
  root = new ApiSession(stack.url);
  await root.login(SUPER_ADMIN.email, SUPER_ADMIN.password);
  acme = await stack.createOrganization('Acme Foods', 'acme.test');
  globex = await stack.createOrganization('Globex Plant', 'globex.test');
  for (const [email, role, organizationId] of [
    ['ann@acme.test', 'admin', acme],
    ['olga@acme.test', 'operator', acme],
    ['gina@globex.test', 'admin', globex],
  ] as const) {
    await stack.createUser({ email, password: PASSWORD, role, organizationId });
  }
});

afterAll(async () => {
  await stack?.stop();
  await mail?.stop();
});

async function signIn(email: string) {
  const session = new ApiSession(stack.url);
  expect((await session.login(email, PASSWORD)).status).toBe(200);
  return session;
}

describe("the organization's default language", () => {
  it('is set by its administrators only, and read by members who chose no language', async () => {
    const ann = await signIn('ann@acme.test');
    const olga = await signIn('olga@acme.test');
    const gina = await signIn('gina@globex.test');
    expect((await ann.get('/api/organization/settings')).body).toEqual({ defaultLanguage: null });
    expect((await olga.get('/api/organization/settings')).status).toBe(403);
    expect((await olga.put('/api/organization/settings', { defaultLanguage: 'fr' })).status).toBe(
      403,
    );
    const refused = await ann.put('/api/organization/settings', { defaultLanguage: 'de' });
    expect(refused.status).toBe(400);
    const saved = await ann.put('/api/organization/settings', { defaultLanguage: 'fr' });
    expect(saved.body).toEqual({ defaultLanguage: 'fr' });

    expect((await olga.get('/api/user/preferences')).body).toMatchObject({
      language: null,
      organizationLanguage: 'fr',
    });
    // Another organization keeps its own (none).
    expect((await gina.get('/api/organization/settings')).body).toEqual({ defaultLanguage: null });
    expect((await gina.get('/api/user/preferences')).body).toMatchObject({
      language: null,
      organizationLanguage: null,
    });
  });
});

describe('invitations', () => {
  it("are written in the invited member's language, else their organization's default", async () => {
    // Globex has no default: English, until the member's language is French.
    const created = await root.post('/api/admin/users', {
      email: 'felix@globex.test',
      name: 'Félix',
      organizationId: globex,
    });
    expect(created.status).toBe(201);
    const english = await mail.waitFor('felix@globex.test');
    expect(english.subject).toBe("You're invited to Globex Plant");
    const userId = (created.body.user as { id: number }).id;
    await stack.sql.query(`INSERT INTO user_preferences (user_id, language) VALUES ($1, 'fr')`, [
      userId,
    ]);
    await root.post(`/api/admin/users/${userId}/resend-invitation`);
    const french = await mail.waitFor('felix@globex.test', /Invitation/);
    expect(french.subject).toBe('Invitation à rejoindre Globex Plant');
    expect(french.text).toContain('Bonjour Félix,');
    expect(french.text).toContain('Vous êtes invité à rejoindre Globex Plant.');
    expect(french.text).toMatch(/expire le \d+ \S+ \d{4}/);
    expect(french.html).toContain('Activer mon compte');
    expect(french.text).not.toMatch(/invited|expires/);

    // Acme's default is French (set above): a new member who chose nothing reads French.
    await (
      await signIn('ann@acme.test')
    ).put('/api/organization/settings', { defaultLanguage: 'fr' });
    await root.post('/api/admin/users', {
      email: 'chloe@acme.test',
      name: 'Chloé',
      organizationId: acme,
    });
    const byDefault = await mail.waitFor('chloe@acme.test');
    expect(byDefault.subject).toBe('Invitation à rejoindre Acme Foods');
    expect(byDefault.text).toContain('Une photo de profil vous sera aussi demandée');

    // The administrators hear of it in their own language: Ann reads Acme's French.
    const ann = await signIn('ann@acme.test');
    const notices = (await ann.get('/api/notifications')).body.notifications as unknown as {
      title: string;
      message: string;
    }[];
    expect(notices).toContainEqual(
      expect.objectContaining({
        title: 'Personne invitée',
        message: expect.stringMatching(
          /^Chloé \(chloe@acme\.test\) a été invité\(e\) à rejoindre Acme Foods en tant que /,
        ),
      }),
    );
    const gina = await signIn('gina@globex.test');
    const ginas = (await gina.get('/api/notifications')).body.notifications as unknown as {
      title: string;
    }[];
    expect(ginas.map((notice) => notice.title)).toContain('User invited');
  });
});
