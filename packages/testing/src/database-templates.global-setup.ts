import { dropDatabaseTemplates } from './database-template.js';

/** vitest globalSetup: when the run ends, the template databases it built are dropped. */
export default function setup() {
  return () => dropDatabaseTemplates();
}
