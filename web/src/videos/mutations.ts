import { api, type Video } from '@hub/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { toast } from '../toast/toastStore';
import { refreshVideos } from './queries';
import { uploadFailureToast, uploadVideo } from './uploadVideo';

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
