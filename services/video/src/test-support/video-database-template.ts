import { fileURLToPath } from 'node:url';
import { migratedTemplate } from '@hub/testing';
import { openVideoDatabase } from '../database.js';

/**
 * The video schema, migrated once a run into a template that each test file's database is copied
 * from (and, within a vitest worker, emptied and used again), rather than created and migrated
 * for each file.
 */
export const VIDEO_TEMPLATE = migratedTemplate(
  [fileURLToPath(new URL('../..', import.meta.url))],
  [(databaseUrl) => openVideoDatabase(databaseUrl)],
);
