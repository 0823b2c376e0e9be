import type { EXPORT_KINDS } from '@hub/proto';
import type { RecordKind } from '@hub/kit';

/** How each kind of the video service's records is read for an organization's export. */
export const VIDEO_RECORD_KINDS: Record<(typeof EXPORT_KINDS)['video'][number], RecordKind> = {
  videos: { table: 'videos', scope: 't.organization_id = $1', key: ['id'] },
  'video-sops': {
    table: 'video_sops',
    scope: 't.video_id IN (SELECT id FROM videos WHERE organization_id = $1)',
    key: ['video_id', 'sop_id'],
  },
  'face-enrolments': {
    table: 'face_enrolments',
    scope: 't.organization_id = $1',
    key: ['id'],
    omit: ['embedding'],
  },
  'face-reviews': { table: 'face_reviews', scope: 't.organization_id = $1', key: ['id'] },
  'unknown-people': { table: 'unknown_people', scope: 't.organization_id = $1', key: ['id'] },
};
