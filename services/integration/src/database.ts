import { openServiceDatabase } from '@hub/kit';
import { Integrations1765200000000 } from './migrations/1765200000000-integrations.js';
import { Floor1765200001000 } from './migrations/1765200001000-floor.js';
import { PresenceCoveringIndex1765200002000 } from './migrations/1765200002000-presence-covering-index.js';
import { SnapshotRuns1765800000000 } from './migrations/1765800000000-snapshot-runs.js';
import { PresenceCameraInIndex1766400000000 } from './migrations/1766400000000-presence-camera-in-index.js';
import { PresenceRetention1766400001000 } from './migrations/1766400001000-presence-retention.js';
import { LearnFromConfirmed1767000001000 } from './migrations/1767000001000-learn-from-confirmed.js';
import { PendingSnapshotRuns1767893000000 } from './migrations/1767893000000-pending-snapshot-runs.js';
import { DeletionTombstones1768000011000 } from './migrations/1768000011000-deletion-tombstones.js';
import { MemberSuspensions1768000020000 } from './migrations/1768000020000-member-suspensions.js';
import { DeletedMembers1768000030000 } from './migrations/1768000030000-deleted-members.js';
import { SensorReadingsRecordedAt1768000045000 } from './migrations/1768000045000-sensor-readings-recorded-at.js';

export const INTEGRATION_SCHEMA = 'integration';

/**
 * No entity classes: the tables come from migrations only, and the service's one data-access
 * style is raw SQL with bound parameters, in its repositories and reporting/ (docs/decisions.md,
 * "One data-access style per service").
 */
export const openIntegrationDatabase = (url: string, poolSize?: number) =>
  openServiceDatabase({
    url,
    poolSize,
    schema: INTEGRATION_SCHEMA,
    entities: [],
    migrations: [
      Integrations1765200000000,
      Floor1765200001000,
      PresenceCoveringIndex1765200002000,
      SnapshotRuns1765800000000,
      PresenceCameraInIndex1766400000000,
      PresenceRetention1766400001000,
      LearnFromConfirmed1767000001000,
      PendingSnapshotRuns1767893000000,
      DeletionTombstones1768000011000,
      MemberSuspensions1768000020000,
      DeletedMembers1768000030000,
      SensorReadingsRecordedAt1768000045000,
    ],
  });
