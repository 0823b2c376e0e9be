import { Agent, get, type IncomingMessage, type Server } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGatewayConfig } from '../src/config.js';
import { SignedLinks } from '../src/files/signed-links.js';
import { startTestStack, type TestStack } from './test-stack.js';

/**
 * A gateway's close while an answer is still being written on a kept-alive connection: Node
 * closes the connections idle when the close begins, once; the one whose answer ends after it
 * became idle only then, and the close waited for it until the shutdown grace cut every
 * connection off (10 s in each test suite whose last answer was a stored file still being sent).
 */
const GRACE_NO_TEST_REACHES = '600000';

let stack: TestStack;
let stopped: Promise<void> | undefined;
let graceBefore: string | undefined;

beforeAll(async () => {
  graceBefore = process.env.SHUTDOWN_GRACE_MS;
  process.env.SHUTDOWN_GRACE_MS = GRACE_NO_TEST_REACHES;
  stack = await startTestStack({
    FILE_LINK_SECRET: 'a-file-link-secret-of-this-test-only-0123456789',
  });
});

afterAll(async () => {
  if (graceBefore === undefined) delete process.env.SHUTDOWN_GRACE_MS;
  else process.env.SHUTDOWN_GRACE_MS = graceBefore;
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
    const server = serverOf(stack);
    let cutOff = false;
    const closeAll = server.closeAllConnections.bind(server);
    server.closeAllConnections = () => {
      cutOff = true;
      closeAll();
    };

    stopped = stack.stop();
    await expect.poll(() => server.listening).toBe(false);
    let read = 0;
    answer.on('data', (chunk: Buffer) => (read += chunk.length));
    answer.resume();
    await new Promise((resolve) => answer.once('end', resolve));
    await stopped;

    expect(read).toBe(size);
    expect(cutOff).toBe(false);
    agent.destroy();
  });
});
