#!/usr/bin/env node
// `/mailpit` of the offline compose stack (infra/docker/compose.offline.yml): an SMTP catcher on
// port 1025 that answers the part of Mailpit's HTTP API on 8025 the container smoke test reads,
// so the same test runs against a real Mailpit:
//   GET /api/v1/messages      { total, messages: [{ ID, To: [{ Name, Address }], Subject, Created }] }
//   GET /api/v1/message/ID    { ID, To, Subject, Text, Created }
//   GET /readyz               200
// `/mailpit readyz` is the health check compose runs, as with Mailpit's own binary.
// Mails are kept in memory: they matter for a run, not across restarts.
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** @typedef {{ Name: string, Address: string }} Address */
/** @typedef {{ ID: string, To: Address[], Subject: string, Text: string, Created: string }} Message */

if (process.argv[2] === 'readyz') {
  const ready = await fetch('http://127.0.0.1:8025/readyz', { signal: AbortSignal.timeout(3000) })
    .then((response) => response.ok)
    .catch(() => false);
  process.exit(ready ? 0 : 1);
}

/** @type {Message[]} */
const messages = [];

/** @param {import('mailparser').AddressObject | import('mailparser').AddressObject[] | undefined} to */
const addresses = (to) =>
  (Array.isArray(to) ? to : to ? [to] : []).flatMap((group) =>
    group.value.map((entry) => ({ Name: entry.name, Address: entry.address ?? '' })),
  );

const smtp = new SMTPServer({
  authOptional: true,
  // Plain SMTP on the compose network, as Mailpit accepts it.
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        messages.push({
          ID: String(messages.length + 1),
          To: addresses(parsed.to),
          Subject: parsed.subject ?? '',
          Text: parsed.text ?? '',
          Created: new Date().toISOString(),
        });
        callback();
      })
      .catch((/** @type {Error} */ error) => callback(error));
  },
});

const http = createServer((req, res) => {
  /** @param {number} status @param {unknown} body */
  const send = (status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const path = new URL(req.url ?? '/', 'http://catcher').pathname;
  if (path === '/readyz') return send(200, { ok: true });
  if (path === '/api/v1/messages') {
    const list = messages.map(({ Text: _text, ...summary }) => summary).reverse();
    return send(200, { total: messages.length, messages: list });
  }
  const one = /^\/api\/v1\/message\/([^/]+)$/.exec(path);
  const message = one && messages.find((m) => m.ID === one[1]);
  if (message) return send(200, message);
  return send(404, { error: 'not found' });
});

smtp.listen(Number(1025), '0.0.0.0');
http.listen(Number(8025), '0.0.0.0', () =>
  console.log('[mail-catcher] SMTP on 1025, HTTP on 8025'),
);
const stop = () => {
  smtp.close(() => http.close(() => process.exit(0)));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
