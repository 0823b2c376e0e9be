import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@hub/proto';
import { expectError } from './api-client.js';
import { createOrganizationWithMembers, type Member, signedIn } from './tenant-fixtures.js';
import { MailCatcher } from './mail-catcher.js';
import { type ApiSession, startTestStack, SUPER_ADMIN, type TestStack } from './test-stack.js';

let stack: TestStack;
let mail: MailCatcher;
let root: ApiSession;
let acme: { organizationId: number; members: Record<'admin' | 'operator', Member> };
let globex: { organizationId: number; members: Record<'admin', Member> };

beforeAll(async () => {
  mail = new MailCatcher();
  stack = await startTestStack({ SMTP_URL: await mail.start() });
  root = await signedIn(stack, SUPER_ADMIN.email, SUPER_ADMIN.password);
  acme = await createOrganizationWithMembers(stack, 'Acme Foods', 'acme.test', [
    'admin',
    'operator',
  ]);
  globex = await createOrganizationWithMembers(stack, 'Globex Plant', 'globex.test', ['admin']);
});

afterAll(async () => {
  await stack?.stop();
  await mail?.stop();
});

describe("the organization's default language", () => {
  it('is set by its administrators only, and read by members who chose no language', async () => {
    const ann = acme.members.admin.session;
    const olga = acme.members.operator.session;
    const gina = globex.members.admin.session;
    expect(await ann.call(api.organizationSettings)).toEqual({ defaultLanguage: null });
    await expectError(olga.call(api.organizationSettings), 403);
    const french = { body: { defaultLanguage: 'fr' } } as const;
    await expectError(olga.call(api.updateOrganizationSettings, french), 403);
    const german = { invalidBody: { defaultLanguage: 'de' } };
    await expectError(ann.call(api.updateOrganizationSettings, german), 400);
    const saved = await ann.call(api.updateOrganizationSettings, french);
    expect(saved).toEqual({ defaultLanguage: 'fr' });

    expect(await olga.call(api.userPreferences)).toMatchObject({
      language: null,
      organizationLanguage: 'fr',
    });
    // Another organization keeps its own (none).
    expect(await gina.call(api.organizationSettings)).toEqual({ defaultLanguage: null });
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
