import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@hub/proto';
import { messages } from '@hub/kit';
import { invitationMail } from './invitation-mail.js';

const mailTo = (
  organizationName: string | null,
  language: (typeof LANGUAGES)[number],
  singleSignOn = false,
) =>
  invitationMail({
    to: 'ana@acme.test',
    name: 'Ana',
    organizationName,
    link: 'https://hub.example/invite/x',
    expiresAt: new Date('2026-12-20T10:00:00Z'),
    needsPhoto: false,
    singleSignOn,
    language,
    timeZone: 'UTC',
  });

describe('the invitation mail', () => {
  it.each(LANGUAGES)(
    'ends the sentence once after an organization whose name ends with a full stop (%s)',
    (language) => {
      const mail = mailTo('Acme Manufacturing S.A.', language);
      expect(mail.text).toContain('Acme Manufacturing S.A. ');
      expect(mail.text).not.toContain('S.A..');
      expect(mail.html).not.toContain('S.A..');
    },
  );

  it.each(LANGUAGES)('still ends the sentence after any other name (%s)', (language) => {
    expect(mailTo('Acme Foods', language).text).toContain('Acme Foods. ');
    expect(mailTo(null, language).text).not.toContain('..');
  });

  it.each(LANGUAGES)(
    'sends a member of a single sign-on organization to sign in, with no expiry (%s)',
    (language) => {
      const mail = mailTo('Acme Foods', language, true);
      const m = messages(language).invitation;
      expect(mail.text).toContain(m.invitedSso({ organization: 'Acme Foods' }));
      expect(mail.text).not.toContain(m.invited({ organization: 'Acme Foods' }));
      expect(mail.html).toContain(`>${m.ssoButton}</a>`);
      expect(mail.text).not.toContain('2026');
    },
  );
});
