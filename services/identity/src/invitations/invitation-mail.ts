import type { OutgoingMail } from '@hub/kit';

export interface InvitationMailInput {
  to: string;
  name: string;
  organizationName: string;
  link: string;
  expiresAt: Date;
  needsPhoto: boolean;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function invitationMail(input: InvitationMailInput): OutgoingMail {
  const until = input.expiresAt.toUTCString();
  const photo = input.needsPhoto
    ? ' You will also be asked for a profile photo: it is used to recognise you in performance videos.'
    : '';
  const text = [
    `Hello ${input.name},`,
    '',
    `You have been invited to ${input.organizationName}. Set your password to activate your account:${photo}`,
    '',
    input.link,
    '',
    `This link works once and expires on ${until}.`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(input.name)},</p>
<p>You have been invited to <strong>${escapeHtml(input.organizationName)}</strong>. Set your password to activate your account.${escapeHtml(photo)}</p>
<p><a href="${escapeHtml(input.link)}">Set up your account</a></p>
<p>Or open this address: ${escapeHtml(input.link)}</p>
<p>This link works once and expires on ${escapeHtml(until)}.</p>`;
  return { to: input.to, subject: `You're invited to ${input.organizationName}`, text, html };
}
