import type { AnalysisReport, Video, VideoWithReport } from '@hub/proto';
import { withFaceIds } from '../review/apply-review.js';

export interface VideoRow {
  id: number;
  organization_id: number;
  title: string;
  description: string | null;
  file_name: string;
  file_size: string;
  storage_key: string;
  recorded_at: Date;
  uploaded_by: number;
  uploaded_at: Date;
  analysis_status: Video['analysisStatus'];
  analysis_error: string | null;
  analysis_run: number;
  progress_current: number | null;
  progress_total: number | null;
  duration_seconds: number | null;
  detected_operators: number | null;
  identified_operators: number | null;
  identification_rate: number | null;
  analyzed_at: Date | null;
  report: AnalysisReport | null;
  sops: { sopId: number; sopTitle: string }[] | null;
}

export function toVideo(row: VideoRow): Video {
  const sops = row.sops ?? [];
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    s3Key: row.storage_key,
    fileName: row.file_name,
    fileSize: Number(row.file_size),
    recordedAt: row.recorded_at.toISOString(),
    uploadedAt: row.uploaded_at.toISOString(),
    uploadedBy: row.uploaded_by,
    durationSeconds: row.duration_seconds,
    analysisStatus: row.analysis_status,
    analysisError: row.analysis_error,
    progress:
      row.analysis_status === 'processing' && row.progress_total !== null
        ? { current: row.progress_current ?? 0, total: row.progress_total }
        : null,
    linkedSOPs: sops.map((sop) => sop.sopId),
    linkedSopTitles: sops,
    detectedOperators: row.detected_operators,
    identifiedOperators: row.identified_operators,
    identificationRate: row.identification_rate,
    analyzedAt: row.analyzed_at?.toISOString() ?? null,
  };
}

export const toVideoWithReport = (row: VideoRow): VideoWithReport => ({
  ...toVideo(row),
  // Reports stored before reviews existed get their faces' ids here, as a review would.
  report: row.report && withFaceIds(row.report),
});

/** Every video query selects its linked SOPs with it. */
export const VIDEO_COLUMNS = `v.*, (SELECT coalesce(json_agg(json_build_object('sopId', s.sop_id, 'sopTitle', s.sop_title) ORDER BY s.sop_title), '[]')
  FROM video_sops s WHERE s.video_id = v.id) AS sops`;
