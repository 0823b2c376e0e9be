import { fileURLToPath } from 'node:url';
import { migratedTemplate } from '@hub/testing';
import { openIdentityDatabase } from '../database.js';

/** The identity schema migrated once a run; its test files' databases are copies (migratedTemplate). */
export const IDENTITY_TEMPLATE = migratedTemplate(
  [fileURLToPath(new URL('../..', import.meta.url))],
  [openIdentityDatabase],
);
