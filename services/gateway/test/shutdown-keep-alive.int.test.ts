import { Agent, get, type IncomingMessage, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readGatewayConfig } from '../src/config.js';
import { SignedLinks } from '../src/files/signed-links.js';
import { startTestStack, type TestStack } from './test-stack.js';

/**
 * A gateway's close with connections that no request holds: Node closes the connections idle when
 * the close begins, once, and not those that never sent a request. A kept-alive connection whose
 * answer ended after the close began, or one a client opened ahead and never used (as browsers
 * and fetch do), held the close open until the shutdown grace cut every connection off (10 s in
 * a test suite whose last answer was a stored file still being sent, or whose last upload was
 * aborted).
 */
const GRACE_NO_TEST_REACHES = '600000';

let stack: TestStack;
let stopped: Promise<void> | undefined;
let graceBefore: string | undefined;
let cutOff: boolean;

beforeAll(() => {
  graceBefore = process.env.SHUTDOWN_GRACE_MS;
  process.env.SHUTDOWN_GRACE_MS = GRACE_NO_TEST_REACHES;
});

afterAll(() => {
  if (graceBefore === undefined) delete process.env.SHUTDOWN_GRACE_MS;
  else process.env.SHUTDOWN_GRACE_MS = graceBefore;
});

beforeEach(async () => {
  stopped = undefined;
  stack = await startTestStack({
    FILE_LINK_SECRET: 'a-file-link-secret-of-this-test-only-0123456789',
  });
  // The shutdown grace's cut-off, which every test here must not need.
  cutOff = false;
  const server = serverOf(stack);
  const closeAll = server.closeAllConnections.bind(server);
  server.closeAllConnections = () => {
    cutOff = true;
    closeAll();
  };
});

afterEach(async () => {
  await (stopped ?? stack?.stop());
});

const serverOf = (stack: TestStack): Server =>
  (stack.gateway.app as NestFastifyApplication).getHttpAdapter().getInstance().server;

describe("a gateway's close", () => {
  it('closes a kept-alive connection whose answer ends after the close began, without the cut-off', async () => {
    // Larger than the socket buffers between gateway and client, so its end waits for the reader.
    const size = 32 * 1024 * 1024;
    await stack.storage.put('org/1/docs/large.pdf', Buffer.alloc(size, 7), 'application/pdf');
    const link = new SignedLinks(readGatewayConfig(stack.env)).create('org/1/docs/large.pdf');
    const agent = new Agent({ keepAlive: true });
    const answer = await new Promise<IncomingMessage>((resolve, reject) =>
      get(`${stack.url}${link.url}`, { agent }, resolve).on('error', reject),
    );
    expect(answer.statusCode).toBe(200);
    answer.pause();

    stopped = stack.stop();
    await expect.poll(() => serverOf(stack).listening).toBe(false);
    let read = 0;
    answer.on('data', (chunk: Buffer) => (read += chunk.length));
    answer.resume();
    await new Promise((resolve) => answer.once('end', resolve));
    await stopped;

    expect(read).toBe(size);
    expect(cutOff).toBe(false);
    agent.destroy();
  });

  it('closes a connection opened ahead that never sent a request, without the cut-off', async () => {
    const { port } = new URL(stack.url);
    const silent: Socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve, reject) => silent.once('connect', resolve).once('error', reject));
    const ended = new Promise((resolve) => silent.once('close', resolve));
    silent.on('error', () => undefined);

    stopped = stack.stop();
    await stopped;

    await ended;
    expect(cutOff).toBe(false);
  });
});
