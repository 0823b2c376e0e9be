import { fileURLToPath } from 'node:url';
import { migratedTemplate } from '@hub/testing';
import { openIntegrationDatabase } from '../database.js';

/** The integration schema migrated once a run; its test files' databases are copies (migratedTemplate). */
export const INTEGRATION_TEMPLATE = migratedTemplate(
  [fileURLToPath(new URL('../..', import.meta.url))],
  [openIntegrationDatabase],
);
