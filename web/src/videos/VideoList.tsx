import { type Video } from '@hub/proto';
import { ClipboardList, Film, LoaderCircle, Play, ScanFace, Users } from 'lucide-react';
import { formatFileSize } from '../i18n/format';
import { Badge } from '../ui/Badge';
import { FileListFrame, listRowClass, RowDeleteButton, RowIconButton } from '../ui/ListStates';
import { formatDateTime } from '../ui/dates';
import { linkedSopsText, operatorCountsText, videoStatus } from './format';
import { useDeleteVideo } from './mutations';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation();
  return (
    <FileListFrame
      testId="video-list"
      noun="videos"
      count={videos?.length}
      loading={loading}
      upload={{
        testId: 'video-upload-placeholder',
        label: t('videos.list.uploading'),
        percent: uploadProgress,
      }}
      loadingLabel={t('videos.list.loading')}
      empty={{
        testId: 'videos-empty',
        icon: Film,
        title: t('videos.list.empty'),
        hint: t('videos.list.emptyHint'),
        search,
        onClear: onClearSearch,
      }}
    >
      {videos?.map((video) => (
        <VideoRow
          key={video.id}
          video={video}
          onPlay={onPlay}
          onReport={onReport}
          onAnalyse={onAnalyse}
        />
      ))}
    </FileListFrame>
  );
}

function VideoRow({
  video,
  onPlay,
  onReport,
  onAnalyse,
}: { video: Video } & Pick<VideoListProps, 'onPlay' | 'onReport' | 'onAnalyse'>) {
  const { t } = useTranslation();
  const status = videoStatus(video);
  const sopTitles = video.linkedSopTitles.map((sop) => sop.sopTitle).join(', ');

  const remove = useDeleteVideo(video);

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
          {video.description || t('videos.list.noDescription')}
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-slate-500 dark:text-slate-400">
          <span data-testid="video-size">{formatFileSize(video.fileSize)}</span>
          <span data-testid="video-recorded">
            {t('videos.list.recorded', { time: formatDateTime(video.recordedAt) })}
          </span>
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
        <RowIconButton
          label={t('videos.list.play')}
          testId="play-video"
          onClick={() => onPlay(video)}
        >
          <Play className="size-4" />
        </RowIconButton>
        {video.analysisStatus === 'completed' && (
          <RowIconButton
            label={t('videos.list.viewReport')}
            testId="view-report"
            onClick={() => onReport(video)}
          >
            <ClipboardList className="size-4" />
          </RowIconButton>
        )}
        <RowIconButton
          label={status.processing ? t('videos.list.analysing') : t('videos.list.analyse')}
          testId="analyze-video"
          disabled={status.processing}
          onClick={() => onAnalyse(video)}
        >
          <ScanFace className="size-4" />
        </RowIconButton>
        <RowDeleteButton
          title={t('videos.list.deleteTitle')}
          description={t('videos.list.deleteDescription', { title: video.title })}
          testId="delete-video"
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
        />
      </div>
    </div>
  );
}
