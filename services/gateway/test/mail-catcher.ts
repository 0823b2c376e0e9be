import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server on loopback that keeps what it receives, parsed. */
export class MailCatcher {
  readonly mails: CaughtMail[] = [];
  /** The SMTP connections opened to it so far. */
  connections = 0;
  private readonly server: SMTPServer;
  private port = 0;
  private held = Promise.resolve();

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onConnect: (_session, callback) => {
        this.connections += 1;
        callback();
      },
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then(async (mail) => {
            await this.held;
            const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
            this.mails.push({
              to: to?.value[0]?.address ?? '',
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
            });
            callback();
          })
          .catch(callback);
      },
    });
  }

  /** Accepts no mail until the function it answers is called: the sender waits on each. */
  hold(): () => void {
    let release = () => {};
    this.held = new Promise((resolve) => (release = resolve));
    return release;
  }

  /** Listens on `port` (any free one by default); answers the server's URL. */
  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Waits for a mail to this address (and matching the subject, when given). */
  async waitFor(to: string, subject?: RegExp, timeoutMs = 10_000): Promise<CaughtMail> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = [...this.mails]
        .reverse()
        .find((mail) => mail.to === to && (!subject || subject.test(mail.subject)));
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(
      `No mail to ${to} within ${timeoutMs} ms; got ${this.mails.map((m) => `${m.to}: ${m.subject}`).join(', ')}`,
    );
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The setup link of an invitation mail, split into what the pages read. */
export function invitationLink(mail: CaughtMail): { url: URL; token: string; email: string } {
  const match = mail.text.match(/https?:\/\/\S+(setup-password|enhanced-setup)\?\S+/);
  if (!match) throw new Error(`No invitation link in mail: ${mail.text}`);
  const url = new URL(match[0]);
  return {
    url,
    token: url.searchParams.get('token') ?? '',
    email: url.searchParams.get('email') ?? '',
  };
}
