import { openServiceDatabase } from '@hub/kit';
import { Observations1764200000000 } from './migrations/1764200000000-observations.js';

export const OBSERVATION_SCHEMA = 'observation';

/** The service queries with SQL through TypeORM; its tables come from migrations only. */
export const openObservationDatabase = (url: string) =>
  openServiceDatabase({
    url,
    schema: OBSERVATION_SCHEMA,
    entities: [],
    migrations: [Observations1764200000000],
  });
