import { api, type Video } from '@hub/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ClipboardList, Film, LoaderCircle, Play, ScanFace, Users } from 'lucide-react';
import { call } from '../api/client';
import { formatFileSize } from '../library/format';
import { toast } from '../toast/toastStore';
import { Badge } from '../ui/Badge';
import {
  EmptyList,
  listRowClass,
  LoadingRow,
  RowDeleteButton,
  RowIconButton,
  UploadingRow,
} from '../ui/ListStates';
import { formatDateTime } from '../ui/dates';
import { emptyListText } from '../ui/emptyList';
import { linkedSopsText, operatorCountsText, videoStatus } from './format';
import { refreshVideos } from './queries';

interface VideoListProps {
  videos: readonly Video[] | undefined;
  loading: boolean;
  /** Percent of a running upload (the placeholder row), null when none runs. */
  uploadProgress: number | null;
  onPlay: (video: Video) => void;
  onReport: (video: Video) => void;
  onAnalyse: (video: Video) => void;
  /** The search text narrowing the list, and how to clear it. */
  search: string;
  onClearSearch: () => void;
}

export function VideoList({
  videos,
  loading,
  uploadProgress,
  onPlay,
  onReport,
  onAnalyse,
  search,
  onClearSearch,
}: VideoListProps) {
  const empty = !loading && (videos?.length ?? 0) === 0 && uploadProgress === null;
  return (
    <div data-testid="video-list" aria-busy={loading} className="space-y-3">
      {uploadProgress !== null && (
        <UploadingRow
          testId="video-upload-placeholder"
          label="Uploading video..."
          percent={uploadProgress}
        />
      )}
      {loading && videos === undefined && <LoadingRow label="Loading videos..." />}
      {empty && (
        <EmptyList
          testId="videos-empty"
          icon={Film}
          onClear={onClearSearch}
          {...emptyListText({
            noun: 'videos',
            search,
            title: 'No videos found',
            hint: 'Upload your first performance video to get started',
          })}
        />
      )}
      {videos?.map((video) => (
        <VideoRow
          key={video.id}
          video={video}
          onPlay={onPlay}
          onReport={onReport}
          onAnalyse={onAnalyse}
        />
      ))}
    </div>
  );
}

function VideoRow({
  video,
  onPlay,
  onReport,
  onAnalyse,
}: { video: Video } & Pick<VideoListProps, 'onPlay' | 'onReport' | 'onAnalyse'>) {
  const queryClient = useQueryClient();
  const status = videoStatus(video);
  const sopTitles = video.linkedSopTitles.map((sop) => sop.sopTitle).join(', ');

  const remove = useMutation({
    mutationFn: () => call(api.deleteVideo, { params: { id: video.id } }),
    onSuccess: async () => {
      toast({ title: 'Video deleted', description: `${video.title} has been deleted.` });
      await refreshVideos(queryClient);
    },
    onError: () => toast({ title: 'Failed to delete video', variant: 'destructive' }),
  });

  return (
    <div
      data-testid="video-row"
      data-video-id={video.id}
      data-video-title={video.title}
      data-status={video.analysisStatus}
      className={listRowClass}
    >
      <Film aria-hidden className="mt-0.5 size-5 shrink-0 text-blue-600" />
      <div className="min-w-0 flex-1 space-y-1.5">
        <p className="truncate font-medium" data-testid="video-title">
          {video.title}
        </p>
        <p className="line-clamp-2 text-sm text-slate-500 dark:text-slate-400">
          {video.description || 'No description'}
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-slate-500 dark:text-slate-400">
          <span data-testid="video-size">{formatFileSize(video.fileSize)}</span>
          <span data-testid="video-recorded">Recorded {formatDateTime(video.recordedAt)}</span>
          <Badge tone={status.tone} testId="video-status">
            {status.processing && <LoaderCircle aria-hidden className="mr-1 size-3 animate-spin" />}
            {status.label}
          </Badge>
          {status.detail && (
            <span
              data-testid="video-status-detail"
              className={status.tone === 'red' ? 'text-red-600 dark:text-red-400' : undefined}
            >
              {status.detail}
            </span>
          )}
          <span
            data-testid="video-sops"
            className="inline-flex items-center gap-1"
            title={sopTitles || undefined}
          >
            <ClipboardList aria-hidden className="size-3.5" />
            {linkedSopsText(video.linkedSOPs.length)}
          </span>
          <span data-testid="video-operators" className="inline-flex items-center gap-1">
            <Users aria-hidden className="size-3.5" />
            {operatorCountsText(video)}
          </span>
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <RowIconButton label="Play" testId="play-video" onClick={() => onPlay(video)}>
          <Play className="size-4" />
        </RowIconButton>
        {video.analysisStatus === 'completed' && (
          <RowIconButton label="View report" testId="view-report" onClick={() => onReport(video)}>
            <ClipboardList className="size-4" />
          </RowIconButton>
        )}
        <RowIconButton
          label={status.processing ? 'Analysis in progress' : 'Analyse'}
          testId="analyze-video"
          disabled={status.processing}
          onClick={() => onAnalyse(video)}
        >
          <ScanFace className="size-4" />
        </RowIconButton>
        <RowDeleteButton
          title="Delete video?"
          description={`"${video.title}", its stored file and its analysis will be removed for good. This cannot be undone.`}
          testId="delete-video"
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
        />
      </div>
    </div>
  );
}
