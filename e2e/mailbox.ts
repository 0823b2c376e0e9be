import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's one mail catcher (e2e/global-setup.ts) writes each mail it is given. */
    mailDir?: string;
  }
}

/** What the tests read of a mail. */
export interface Mail {
  /** The recipients' addresses, lower case. */
  to: string[];
  subject: string;
  text: string;
}

/** Mails to read: the ones addressed to someone, and the invitation links in them. */
abstract class Mails {
  abstract list(): Mail[];

  to(address: string): Mail | undefined {
    return this.list().find((mail) => mail.to.includes(address.toLowerCase()));
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

/**
 * A mail server on loopback that keeps every message it is given; with a folder, it also
 * writes each one there as a JSON file (the run's mail catcher, read by `sharedMailbox()`).
 */
export class Mailbox extends Mails {
  readonly mails: Mail[] = [];
  private written = 0;
  private readonly server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no STARTTLS with a self-signed certificate to refuse.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, callback) => {
      simpleParser(stream)
        .then((parsed) => {
          const mail: Mail = {
            to: (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap(
              (to) => to.value.flatMap((entry) => entry.address?.toLowerCase() ?? []),
            ),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          };
          this.mails.push(mail);
          if (this.folder) this.write(this.folder, mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  constructor(private readonly folder?: string) {
    super();
    if (folder) mkdirSync(folder, { recursive: true });
  }

  list(): Mail[] {
    return this.mails;
  }

  /** Whole or not at all: a reader never sees half a file. */
  private write(folder: string, mail: Mail) {
    const name = `${String(++this.written).padStart(6, '0')}.json`;
    writeFileSync(join(folder, `.${name}`), JSON.stringify(mail));
    renameSync(join(folder, `.${name}`), join(folder, name));
  }

  /** Listens and answers the SMTP_URL to give the stack. */
  async start(): Promise<string> {
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise<void>((done) => this.server.close(done));
  }
}

/**
 * The mails already read from each folder, by file name. A mail's file never changes once it has
 * its name (written whole, then renamed), so each is read once: reading every file of the run at
 * each look of a poll (100 ms) was thousands of reads a second once the people import's 195
 * invitations were in, in every file that polled for a mail.
 */
const readMails = new Map<string, Map<string, Mail>>();

/** The mails the run's mail catcher wrote to its folder, new files read at each look. */
class MailFolder extends Mails {
  constructor(private readonly folder: string) {
    super();
  }

  list(): Mail[] {
    let known = readMails.get(this.folder);
    if (!known) readMails.set(this.folder, (known = new Map()));
    const names = readdirSync(this.folder)
      .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
      .sort();
    return names.map((name) => {
      let mail = known.get(name);
      if (!mail) {
        mail = JSON.parse(readFileSync(join(this.folder, name), 'utf8')) as Mail;
        known.set(name, mail);
      }
      return mail;
    });
  }
}

/**
 * The mails the shared stack sent (e2e/global-setup.ts): every file's, so a file reads only
 * those to its own (unique) addresses.
 */
export function sharedMailbox(): Mails {
  const folder = inject('mailDir');
  if (!folder) throw new Error('no shared mail catcher: run the file in the e2e project');
  return new MailFolder(folder);
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
