import { fileURLToPath } from 'node:url';
import { migratedTemplate } from '@hub/testing';
import { openObservationDatabase } from '../database.js';

/**
 * The observation schema, migrated once a run into a template that each test file's database is copied
 * from (and, within a vitest worker, emptied and used again), rather than created and migrated
 * for each file.
 */
export const OBSERVATION_TEMPLATE = migratedTemplate(
  [fileURLToPath(new URL('../..', import.meta.url))],
  [(databaseUrl) => openObservationDatabase(databaseUrl)],
);
