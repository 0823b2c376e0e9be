import { fileURLToPath } from 'node:url';
import { migratedTemplate } from '@hub/testing';
import { openVideoDatabase } from '../database.js';

/** The video schema migrated once a run; its test files' databases are copies (migratedTemplate). */
export const VIDEO_TEMPLATE = migratedTemplate(
  [fileURLToPath(new URL('../..', import.meta.url))],
  [openVideoDatabase],
);
