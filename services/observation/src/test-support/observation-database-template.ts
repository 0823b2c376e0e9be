import { fileURLToPath } from 'node:url';
import { migratedTemplate } from '@hub/testing';
import { openObservationDatabase } from '../database.js';

/** The observation schema migrated once a run; its test files' databases are copies (migratedTemplate). */
export const OBSERVATION_TEMPLATE = migratedTemplate(
  [fileURLToPath(new URL('../..', import.meta.url))],
  [openObservationDatabase],
);
