import { fileURLToPath } from 'node:url';
import { migratedTemplate } from '@hub/testing';
import { openLibraryDatabase } from '../database.js';

/** The library schema migrated once a run; its test files' databases are copies (migratedTemplate). */
export const LIBRARY_TEMPLATE = migratedTemplate(
  [fileURLToPath(new URL('../..', import.meta.url))],
  [openLibraryDatabase],
);
