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
  /** The invited person's language (their choice, else their organization's default). */
  language: Language;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** '2 December 2026, 09:30 UTC' in the reader's language: the zone is said, not guessed. */
const untilText = (date: Date, language: Language) =>
  `${new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date)} UTC`;

export function invitationMail(input: InvitationMailInput): OutgoingMail {
  const m = messages(input.language).invitation;
  const organization = input.organizationName ?? m.yourOrganization;
  const until = untilText(input.expiresAt, input.language);
  const invited = m.invited({ organization });
  const photo = input.needsPhoto ? ` ${m.photo}` : '';
  const text = [
    m.greeting({ name: input.name }),
    '',
    `${invited}${photo}`,
    '',
    input.link,
    '',
    m.expires({ until }),
  ].join('\n');
  const html = `<p>${escapeHtml(m.greeting({ name: input.name }))}</p>
<p>${escapeHtml(invited)}${escapeHtml(photo)}</p>
<p><a href="${escapeHtml(input.link)}">${escapeHtml(m.button)}</a></p>
<p>${escapeHtml(m.orOpen)} ${escapeHtml(input.link)}</p>
<p>${escapeHtml(m.expires({ until }))}</p>`;
  return { to: input.to, subject: m.subject({ organization }), text, html };
}
