import type { ReportReview } from './AnalysisReportView';
import { useFaceReview } from './mutations';

/** The report's review: the mutation (the name control searches the members itself). */
export function useReportReview(videoId: number): ReportReview {
  const mutation = useFaceReview(videoId);
  return {
    onReview: (faceId, review) => mutation.mutate({ faceId, review }),
    busy: mutation.isPending,
  };
}
