import { api, type ReviewFaceRequest, type VideoWithReport } from '@hub/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../api/client';
import { i18n } from '../i18n/i18n';
import { toast } from '../toast/toastStore';
import { teamMemberPagesKey, teamMembersQuery } from '../team/queries';
import type { ReportReview } from './AnalysisReportView';
import { refreshVideos, videoQuery } from './queries';

/** Each decision's toast: the catalog's `videos.review.<key>`. */
const DONE = {
  confirm: 'confirmed',
  reject: 'rejected',
  name: 'named',
} as const satisfies Record<ReviewFaceRequest['decision'], string>;

/**
 * A supervisor's review of one face: the answer is the corrected video, shown at once; the
 * list's figures and a member's page (videos they appear in) are fetched again.
 */
export function useFaceReview(videoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ faceId, review }: { faceId: string; review: ReviewFaceRequest }) =>
      call(api.reviewFace, { params: { id: videoId, faceId }, body: review }),
    onSuccess: async (video: VideoWithReport, { review }) => {
      queryClient.setQueryData(videoQuery(videoId).queryKey, video);
      toast({
        title: i18n.t(`videos.review.${DONE[review.decision]}`),
        description: i18n.t('videos.review.updated'),
      });
      await Promise.all([
        refreshVideos(queryClient),
        queryClient.invalidateQueries({ queryKey: teamMemberPagesKey }),
      ]);
    },
    onError: (error) =>
      toast({
        title: i18n.t('videos.review.notSaved'),
        // The server's refusal (in the reader's language), never a browser's English
        // 'Failed to fetch' or a bare 'HTTP 500'.
        description:
          (error instanceof ApiError && error.serverMessage) || i18n.t('videos.review.tryAgain'),
        variant: 'destructive',
      }),
  });
}

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
