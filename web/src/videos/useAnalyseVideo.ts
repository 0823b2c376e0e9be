import { api, type VideoList } from '@hub/proto';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client';
import { i18n } from '../i18n/i18n';
import { toast } from '../toast/toastStore';
import { refreshVideos, videoListsKey } from './queries';
import { analysisFailureToast } from './uploadVideo';

/**
 * Starts an analysis of a video against the SOPs given: the row turns 'processing' at once and
 * the list then polls until the analysis ends. Shared by the Analyse dialog and the one-click
 * re-run of the report.
 */
export function useAnalyseVideo(onStarted?: () => void) {
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
        title: i18n.t('videos.analyse.started'),
        description: i18n.t('videos.analyse.startedDescription', { title: updated.title }),
      });
      onStarted?.();
      await refreshVideos(queryClient, updated.id);
    },
    onError: (error) => toast(analysisFailureToast(error)),
  });
}
