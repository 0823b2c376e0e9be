import { type ReviewFaceRequest, type Video, type VideoList } from '@hub/proto';
import { api } from '../api/routes';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { useContractMutation } from '../api/useContractMutation';
import { teamMemberPagesKey } from '../team/queries';
import { toast } from '../toast/toastStore';
import { refreshVideos, videoListsKey, videoQuery } from './queries';
import { analysisFailureToast, uploadFailureToast, uploadVideo } from './uploadVideo';

export function useDeleteVideo(video: Video) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.deleteVideo, { params: { id: video.id } }),
    onSuccess: async () => {
      toast({
        title: t('videos.list.deleted'),
        description: t('videos.list.deletedDescription', { title: video.title }),
      });
      await refreshVideos(queryClient);
    },
    onError: () => toast({ title: t('videos.list.deleteFailed'), variant: 'destructive' }),
  });
}

/** Stores a video; analysis runs only when someone asks for it. */
export function useUploadVideo({
  onProgress,
  onUploaded,
}: {
  onProgress: (percent: number | null) => void;
  onUploaded: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, file }: { fields: [string, string][]; file: File }) =>
      uploadVideo(fields, file, onProgress),
    onMutate: () => onProgress(0),
    onSuccess: async (video) => {
      // Shown once an upload is stored: analysis runs only when someone asks for it.
      toast({ title: t('videos.uploaded'), description: t('videos.uploadedDescription') });
      onUploaded();
      await refreshVideos(queryClient, video.id);
    },
    onError: (error) => toast(uploadFailureToast(error)),
    onSettled: () => onProgress(null),
  });
}

/**
 * Starts an analysis of a video against the SOPs given: the row turns 'processing' at once and
 * the list then polls until the analysis ends. Shared by the Analyse dialog and the one-click
 * re-run of the report.
 */
export function useAnalyseVideo(onStarted?: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, sopIds }: { id: number; sopIds: number[] }) =>
      call(api.analyzeVideo, { params: { id }, body: { linkedSOPs: sopIds } }),
    onSuccess: async (updated) => {
      queryClient.setQueriesData<InfiniteData<VideoList>>(
        { queryKey: videoListsKey },
        (current) =>
          current && {
            ...current,
            pages: current.pages.map((page) => ({
              ...page,
              videos: page.videos.map((item) => (item.id === updated.id ? updated : item)),
            })),
          },
      );
      toast({
        title: t('videos.analyse.started'),
        description: t('videos.analyse.startedDescription', { title: updated.title }),
      });
      onStarted?.();
      await refreshVideos(queryClient, updated.id);
    },
    onError: (error) => toast(analysisFailureToast(error)),
  });
}

/** Each decision's toast: the catalog's `videos.review.<key>`. */
const REVIEWED = {
  confirm: 'confirmed',
  reject: 'rejected',
  name: 'named',
} as const satisfies Record<ReviewFaceRequest['decision'], string>;

/**
 * A supervisor's review of one face of the report shown (analysed at `analyzedAt`): the answer is
 * the corrected video, shown at once; the list's figures and a member's page (videos they appear
 * in) are fetched again. Refused, the report is fetched again too: a new analysis may have
 * replaced it, its faces another run's.
 */
export function useFaceReview(videoId: number, analyzedAt: string | null | undefined) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useContractMutation({
    mutationFn: ({ faceId, review }: { faceId: string; review: ReviewFaceRequest }) =>
      call(api.reviewFace, {
        params: { id: videoId, faceId },
        body: analyzedAt ? { ...review, analyzedAt } : review,
      }),
    onSuccess: (video) => queryClient.setQueryData(videoQuery(videoId).queryKey, video),
    success: (_, { review }) => ({
      title: t(`videos.review.${REVIEWED[review.decision]}`),
      description: t('videos.review.updated'),
    }),
    invalidates: (_, video) => [
      videoListsKey,
      teamMemberPagesKey,
      ...(video ? [] : [videoQuery(videoId).queryKey]),
    ],
    failure: { title: t('videos.review.notSaved'), fallback: t('videos.review.tryAgain') },
  });
}
