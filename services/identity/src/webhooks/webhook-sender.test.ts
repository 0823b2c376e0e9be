import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILURE_REASONS } from '@hub/proto';
import { postWebhook } from './webhook-sender.js';

/*
 * The sender's two SSRF properties, which the guard's checks rely on: it connects to the address
 * the guard checked whatever the name resolves to now (no DNS rebinding between check and
 * connect), and it never follows a redirect (which could point at any address, unchecked).
 */

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

async function listening(handler: Handler): Promise<{ server: Server; port: number }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

const heardBy = (heard: string[]): Handler => {
  return (req, res) => {
    heard.push(`${req.method} ${req.headers.host} ${req.url}`);
    res.statusCode = 204;
    res.end();
  };
};

const LOOPBACK = { address: '127.0.0.1', family: 4, local: true } as const;

describe('postWebhook', () => {
  const receiver: string[] = [];
  const elsewhere: string[] = [];
  let servers: Server[] = [];
  let receiverPort = 0;
  let elsewherePort = 0;

  beforeAll(async () => {
    const inside = await listening(heardBy(elsewhere));
    elsewherePort = inside.port;
    const endpoint = await listening((req, res) => {
      if (req.url === '/moved') {
        res.writeHead(307, { location: `http://127.0.0.1:${elsewherePort}/metadata` }).end();
        return;
      }
      heardBy(receiver)(req, res);
    });
    receiverPort = endpoint.port;
    servers = [inside.server, endpoint.server];
  });
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  it('connects to the checked address, never looking the name up again', async () => {
    // `.invalid` never resolves (RFC 6761): only the pinned address can have been used.
    const url = new URL(`http://hooks.example.invalid:${receiverPort}/hook`);
    const outcome = await postWebhook(url, LOOPBACK, {}, '{}', 2_000);
    expect(outcome).toMatchObject({ status: 204, error: null });
    expect(receiver).toEqual([`POST hooks.example.invalid:${receiverPort} /hook`]);
  });

  it('answers a redirect as the endpoint gave it, never following it', async () => {
    const url = new URL(`http://hooks.example.invalid:${receiverPort}/moved`);
    const outcome = await postWebhook(url, LOOPBACK, {}, '{}', 2_000);
    expect(outcome).toMatchObject({ status: 307, error: null });
    expect(elsewhere).toEqual([]);
  });

  it("says why no answer came in the catalog's words, not the socket's", async () => {
    const closed = await listening(heardBy([]));
    await new Promise((resolve) => closed.server.close(resolve));
    const url = new URL(`http://hooks.example.invalid:${closed.port}/hook`);
    const outcome = await postWebhook(url, LOOPBACK, {}, '{}', 2_000);
    expect(outcome).toMatchObject({ status: null, error: FAILURE_REASONS.network_refused });
  });
});
