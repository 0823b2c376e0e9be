import { useQuery } from '@tanstack/react-query';
import { teamMembersQuery } from '../team/queries';
import type { ReportReview } from './AnalysisReportView';
import { useFaceReview } from './mutations';

/** The report's review: the mutation and the members a face may be named as. */
export function useReportReview(videoId: number): ReportReview {
  const mutation = useFaceReview(videoId);
  const members = useQuery(teamMembersQuery);
  return {
    onReview: (faceId, review) => mutation.mutate({ faceId, review }),
    busy: mutation.isPending,
    members: members.data ?? [],
  };
}
