import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail server on loopback that keeps every message it is given. */
export class Mailbox {
  readonly mails: ParsedMail[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no STARTTLS with a self-signed certificate to refuse.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          this.mails.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  /** Listens and answers the SMTP_URL to give the stack. */
  async start(): Promise<string> {
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise<void>((done) => this.server.close(done));
  }

  to(address: string): ParsedMail | undefined {
    return this.mails.find((mail) =>
      (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).some((to) =>
        to.value.some((entry) => entry.address?.toLowerCase() === address),
      ),
    );
  }

  /** The setup address in the invitation mailed to `address`, once it has arrived. */
  async invitationLink(address: string): Promise<URL> {
    const deadline = Date.now() + 20_000;
    while (!this.to(address) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const text = this.to(address)?.text ?? '';
    const found = /https?:\/\/\S+?\/(?:setup-password|enhanced-setup)\?\S+/.exec(text);
    if (!found) throw new Error(`no invitation with a setup link for ${address}`);
    return new URL(found[0]);
  }
}

/** Completes an invitation the way the enhanced setup page does: password and photo. */
export async function acceptInvitation(
  baseUrl: string,
  link: URL,
  password: string,
  photoPath: string,
): Promise<void> {
  const form = new FormData();
  form.append('token', link.searchParams.get('token') ?? '');
  form.append('email', link.searchParams.get('email') ?? '');
  form.append('password', password);
  form.append(
    'file',
    new Blob([new Uint8Array(readFileSync(photoPath))], { type: 'image/png' }),
    'me.png',
  );
  const response = await fetch(`${baseUrl}/api/auth/setup-password-with-profile`, {
    method: 'POST',
    body: form,
  });
  if (!response.ok) throw new Error(`setup refused: ${response.status} ${await response.text()}`);
}
