import type { EXPORT_KINDS } from '@hub/proto';
import type { RecordKind } from '@hub/kit';

/**
 * The organization's face enrolments but those of these people: the super administrator's
 * (their account lives in the platform's organization but is not its to take away, nor their
 * face). The ids, numbers only, are written into the statement: its parameters are the
 * organization's and the paging's.
 */
export function faceEnrolmentsWithout(userIds: readonly number[]): RecordKind {
  return {
    table: 'face_enrolments',
    scope: `t.organization_id = $1 AND t.user_id <> ALL('{${userIds.join(',')}}'::int[])`,
    key: ['id'],
    omit: ['embedding'],
  };
}

/** How each kind of the video service's records is read for an organization's export. */
export const VIDEO_RECORD_KINDS: Record<(typeof EXPORT_KINDS)['video'][number], RecordKind> = {
  videos: {
    table: 'videos',
    scope: 't.organization_id = $1',
    key: ['id'],
    // The analysis job as queued: it holds the super administrator's video analysis prompt,
    // which no organization may read (the report, the analysis' outcome, is kept).
    omit: ['analysis_job'],
  },
  'video-sops': {
    table: 'video_sops',
    scope: 't.video_id IN (SELECT id FROM videos WHERE organization_id = $1)',
    key: ['video_id', 'sop_id'],
  },
  'face-enrolments': faceEnrolmentsWithout([]),
  'face-reviews': { table: 'face_reviews', scope: 't.organization_id = $1', key: ['id'] },
  'unknown-people': { table: 'unknown_people', scope: 't.organization_id = $1', key: ['id'] },
  'unknown-faces': {
    table: 'unknown_faces',
    scope: 't.organization_id = $1',
    key: ['id'],
    omit: ['embedding'],
  },
};

/**
 * The video tables no kind reads, and why: the export's test requires every table of the
 * schema to be read by a kind or named here, so a new table is a decision, not an omission.
 */
export const VIDEO_NOT_EXPORTED: Readonly<Record<string, string>> = {
  migrations: "the schema's own history, no organization's",
  outbox: 'events waiting to be published: copies of facts the archive holds',
  unknown_people_numbers: "a counter: the last number given to an organization's unknown person",
};
