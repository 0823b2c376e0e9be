import { fileURLToPath } from 'node:url';
import { migratedTemplate } from '@hub/testing';
import { openLibraryDatabase } from '../database.js';

/**
 * The library schema, migrated once a run into a template that each test file's database is copied
 * from (and, within a vitest worker, emptied and used again), rather than created and migrated
 * for each file.
 */
export const LIBRARY_TEMPLATE = migratedTemplate(
  [fileURLToPath(new URL('../..', import.meta.url))],
  [(databaseUrl) => openLibraryDatabase(databaseUrl)],
);
