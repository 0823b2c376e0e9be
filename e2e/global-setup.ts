import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM } from './browser.js';

/** vitest globalSetup of the e2e project: one Chromium for every file, closed when the run ends. */
export default async function setup(project: TestProject) {
  const server = await chromium.launchServer(CHROMIUM);
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
