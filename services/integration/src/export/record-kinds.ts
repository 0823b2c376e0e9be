import type { EXPORT_KINDS } from '@hub/proto';
import type { RecordKind } from '@hub/kit';

/** How each kind of the integration service's records is read for an organization's export. */
export const INTEGRATION_RECORD_KINDS: Record<
  (typeof EXPORT_KINDS)['integration'][number],
  RecordKind
> = {
  areas: { table: 'areas', scope: 't.organization_id = $1', key: ['id'] },
  stations: { table: 'stations', scope: 't.organization_id = $1', key: ['id'] },
  'camera-assignments': {
    table: 'camera_assignments',
    scope: 't.organization_id = $1',
    key: ['id'],
  },
  'presence-events': { table: 'presence_events', scope: 't.organization_id = $1', key: ['id'] },
  'sensor-readings': { table: 'sensor_readings', scope: 't.organization_id = $1', key: ['id'] },
  'floor-privacy': {
    table: 'floor_privacy',
    scope: 't.organization_id = $1',
    key: ['organization_id'],
  },
};

/**
 * The integration tables no kind reads, and why: the export's test requires every table of the
 * schema to be read by a kind or named here, so a new table is a decision, not an omission.
 */
export const INTEGRATION_NOT_EXPORTED: Readonly<Record<string, string>> = {
  migrations: "the schema's own history, no organization's",
  integrations: "the platform's camera system connections and their credentials, no organization's",
  sensor_tokens: "credentials: the hashes of the organization's sensor tokens",
  snapshot_runs: "the snapshot jobs' bookkeeping (presence events, exported, are what they found)",
  deleted_organizations: 'deleted organizations, by id: no live organization has a row',
  deleted_documents: "the ids of documents the library deleted, kept from the cameras' SOPs",
  member_suspensions:
    "identity's suspensions as its events told them (identity's export holds them)",
  deleted_members: 'the ids of people identity deleted, kept from late snapshot answers',
};
