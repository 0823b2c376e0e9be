import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, signInAt } from './browser.js';
import { startRecordsStack, stopRecordsStack } from './records.js';
import { type RunningStack, uniqueId } from './stack.js';

const ID = uniqueId();
const DOMAIN = `hooks-${ID}.test`;
const PASSWORD = 'Hooks-Admin-Pass-1!';
const EMAIL = `ada@${DOMAIN}`;

let stack: RunningStack;
let browser: Browser;
/** A small receiver on loopback, as an integrator would run while trying webhooks out. */
let receiver: Server;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  ({ stack, browser } = await startRecordsStack(
    `hooks-${ID}`,
    DOMAIN,
    { ada: { name: 'Ada Admin', email: EMAIL, role: 'admin' } },
    PASSWORD,
  ));
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await stopRecordsStack({ stack, browser });
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('webhooks in the settings page', () => {
  it('lets an administrator add an endpoint on a phone and see a signed delivery in the log', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInAt(page, stack.url, EMAIL, PASSWORD, '/settings');
    const card = page.getByTestId('settings-webhooks');
    await card.waitFor();
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/frontline`;
    await page.getByTestId('webhook-url').fill(url);
    await page.getByTestId('webhook-event-certification.issued').check();
    await page.getByTestId('webhook-event-member.joined').check();
    await page.getByTestId('webhook-create').click();
    const secret = await page.getByTestId('webhook-secret-value').innerText();
    expect(secret).toMatch(/^whsec_/);
    const row = page.getByTestId('webhook-row');
    await expect.poll(() => row.innerText()).toContain(url);

    await row.getByTestId('webhook-test').click();
    const delivery = row.getByTestId('webhook-delivery').first();
    await expect
      .poll(() => delivery.getByTestId('webhook-delivery-status').innerText(), { timeout: 30_000 })
      .toBe('succeeded');
    expect(await delivery.getByTestId('webhook-delivery-code').innerText()).toBe('HTTP 204');

    // What the receiver got verifies with the secret the page showed once.
    expect(received).toHaveLength(1);
    const payload = new Webhook(secret).verify(
      received[0]!.body,
      received[0]!.headers as Record<string, string>,
    ) as { type: string; eventId: string };
    expect(payload.type).toBe('webhook.test');
    // The event's own id, besides the delivery's webhook-id.
    expect(payload.eventId).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(await delivery.innerText()).toContain(String(received[0]!.headers['webhook-id']));

    const overflow = await page.evaluate(() => {
      const root = document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow).toBe(0);
    await card.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'webhooks-phone');
    await page.close();
  });
});
