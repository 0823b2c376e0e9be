import { randomBytes } from 'node:crypto';
import { dropRunDatabases, TEST_RUN_ENV } from './database-pool.js';
import { dropDatabaseTemplates } from './database-template.js';

/**
 * vitest globalSetup: names the run, whose workers then use their suites' databases again
 * (database-pool.ts), and when the run ends drops those databases and the templates they were
 * copied from.
 */
export default function setup() {
  const runId = randomBytes(4).toString('hex');
  process.env[TEST_RUN_ENV] = runId;
  return async () => {
    await dropRunDatabases(runId);
    await dropDatabaseTemplates();
  };
}
