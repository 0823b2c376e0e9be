import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { Mailbox } from './mailbox.js';
import { E2E_MAIL_FROM, startStack } from './stack.js';

/**
 * vitest globalSetup of the e2e project: one mail catcher and one stack (the built product on a
 * database of its own) for every file, stopped when the run ends. Each file reaches them through
 * `inject` (sharedStack, sharedMailbox); each vitest worker launches a Chromium of its own for its
 * files (launchBrowser).
 */
export default async function setup(project: TestProject) {
  const mailDir = mkdtempSync(join(tmpdir(), 'e2e-mail-'));
  const mailbox = new Mailbox(mailDir);
  const stopped: (() => Promise<unknown>)[] = [];
  const teardown = async () => {
    for (const stop of stopped.reverse()) await stop().catch(() => undefined);
    rmSync(mailDir, { recursive: true, force: true });
  };
  try {
    const smtpUrl = await mailbox.start();
    stopped.push(() => mailbox.close());
    const stack = await startStack({ SMTP_URL: smtpUrl, MAIL_FROM: E2E_MAIL_FROM });
    stopped.push(() => stack.stop());
    project.provide('mailDir', mailDir);
    project.provide('e2eStack', {
      url: stack.url,
      env: stack.env,
      databaseUrl: stack.resources.databaseUrl,
      redisPrefix: stack.resources.redisPrefix,
    });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
