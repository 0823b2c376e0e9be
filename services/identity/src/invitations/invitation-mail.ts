import type { Language } from '@hub/proto';
import { messages, type OutgoingMail } from '@hub/kit';

export interface InvitationMailInput {
  to: string;
  name: string;
  /** null: the mail says "your organization" in its language. */
  organizationName: string | null;
  link: string;
  expiresAt: Date;
  needsPhoto: boolean;
  /**
   * The organization signs in through its identity provider: the mail sends the person to the
   * sign-in page (`link`) and says nothing of a password, a photo or an expiry, since their first
   * single sign-on is what activates them.
   */
  singleSignOn: boolean;
  /** The invited person's language (their choice, else their organization's default). */
  language: Language;
  /**
   * The IANA zone the expiry is written in: the invited person's (their choice, else their
   * device's), else their organization's default, else UTC (`readersOf`).
   */
  timeZone: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** One formatter a language and zone: a people import writes thousands of these mails. */
const untilFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * '2 December 2026 at 01:30 GMT-8' in the reader's language and zone: the zone is said, not
 * guessed ('UTC' when it is UTC).
 */
function untilText(date: Date, language: Language, timeZone: string): string {
  const key = `${language} ${timeZone}`;
  let format = untilFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    });
    untilFormats.set(key, format);
  }
  return format.format(date);
}

export function invitationMail(input: InvitationMailInput): OutgoingMail {
  const m = messages(input.language).invitation;
  const organization = input.organizationName ?? m.yourOrganization;
  const greeting = m.greeting({ name: input.name });
  const invited = input.singleSignOn
    ? m.invitedSso({ organization })
    : `${m.invited({ organization })}${input.needsPhoto ? ` ${m.photo}` : ''}`;
  const expires = input.singleSignOn
    ? null
    : m.expires({ until: untilText(input.expiresAt, input.language, input.timeZone) });
  const text = [greeting, '', invited, '', input.link, ...(expires ? ['', expires] : [])].join(
    '\n',
  );
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(invited)}</p>`,
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.singleSignOn ? m.ssoButton : m.button)}</a></p>`,
    `<p>${escapeHtml(m.orOpen)} ${escapeHtml(input.link)}</p>`,
    ...(expires ? [`<p>${escapeHtml(expires)}</p>`] : []),
  ].join('\n');
  return { to: input.to, subject: m.subject({ organization }), text, html };
}
