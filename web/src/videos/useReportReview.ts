import type { ReportReview } from './AnalysisReportView';
import { useFaceReview } from './mutations';

/**
 * The review of the report shown, analysed at `analyzedAt`: the mutation (the name control
 * searches the members itself).
 */
export function useReportReview(
  videoId: number,
  analyzedAt: string | null | undefined,
): ReportReview {
  const mutation = useFaceReview(videoId, analyzedAt);
  return {
    onReview: (faceId, review) => mutation.mutate({ faceId, review }),
    busy: mutation.isPending,
  };
}
