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
};
