import type { Video } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { LoaderCircle, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '../ui/Badge';
import { Dialog } from '../ui/Dialog';
import { smallButtonClass } from '../ui/styles';
import { formatDateTime } from '../ui/dates';
import { AnalysisReportView } from './AnalysisReportView';
import { operatorCountsText, videoStatus } from './format';
import { videoQuery, videoStreamUrl } from './queries';
import { useAnalyseVideo } from './mutations';
import { useReportReview } from './useReportReview';
import { useTranslation } from 'react-i18next';

interface VideoPlayerDialogProps {
  /** The video to play; null when the dialog is closed. */
  video: Video | null;
  /** 'report' scrolls to the analysis report once it is shown. */
  focus: 'player' | 'report';
  onClose: () => void;
}

export function VideoPlayerDialog({ video, focus, onClose }: VideoPlayerDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={video !== null}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={video?.title ?? t('videos.player.video')}
      description={
        video ? t('videos.player.recorded', { time: formatDateTime(video.recordedAt) }) : undefined
      }
      width="max-w-4xl"
      testId="video-player-dialog"
    >
      {video && <PlayerBody key={video.id} video={video} focus={focus} />}
    </Dialog>
  );
}

function PlayerBody({ video, focus }: { video: Video; focus: 'player' | 'report' }) {
  const { t } = useTranslation();
  const player = useRef<HTMLVideoElement>(null);
  const reportRef = useRef<HTMLDivElement>(null);
  const [streamFailed, setStreamFailed] = useState(false);
  const details = useQuery(videoQuery(video.id));
  const src = videoStreamUrl(details.data?.s3Key ?? video.s3Key);
  const status = videoStatus(video);
  // Of the report shown: a review of one a new analysis replaced since is refused.
  const review = useReportReview(video.id, details.data?.analyzedAt);

  // The list polls while the analysis runs: once it ends, the report is fetched again.
  const { refetch } = details;
  const seenState = useRef(`${video.analysisStatus}|${video.analyzedAt ?? ''}`);
  useEffect(() => {
    const state = `${video.analysisStatus}|${video.analyzedAt ?? ''}`;
    if (state === seenState.current) return;
    seenState.current = state;
    if (video.analysisStatus !== 'processing') void refetch();
  }, [video.analysisStatus, video.analyzedAt, refetch]);

  const report = details.data?.report ?? null;
  useEffect(() => {
    if (focus === 'report' && report) reportRef.current?.scrollIntoView({ block: 'start' });
  }, [focus, report]);

  const seek = (seconds: number) => {
    const element = player.current;
    if (!element) return;
    element.currentTime = seconds;
    element.play().catch(() => {
      // Autoplay may be refused; the player stays at the chosen moment.
    });
  };

  return (
    <div className="space-y-5">
      {src === null ? (
        <p role="alert" data-testid="video-error" className="text-sm text-red-600">
          {t('videos.player.noUrl')}
        </p>
      ) : streamFailed ? (
        <p role="alert" data-testid="video-error" className="text-sm text-red-600">
          {t('videos.player.streamFailed')}
        </p>
      ) : (
        <video
          ref={player}
          data-testid="video-player"
          src={src}
          controls
          preload="metadata"
          onError={() => setStreamFailed(true)}
          className="h-[40vh] w-full rounded-md bg-black"
        />
      )}
      {video.description && (
        <p className="text-sm text-slate-600 dark:text-slate-300">{video.description}</p>
      )}
      <div
        ref={reportRef}
        className="space-y-3 border-t border-slate-200 pt-4 dark:border-slate-800"
      >
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">{t('videos.player.report')}</h3>
          <Badge tone={status.tone} testId="player-status">
            {status.label}
          </Badge>
          {status.detail && (
            <span className="text-xs text-slate-500 dark:text-slate-400">{status.detail}</span>
          )}
          <span className="text-xs text-slate-500 dark:text-slate-400">
            {operatorCountsText(video)}
          </span>
          <RerunAnalysis video={video} />
        </div>
        {details.isError ? (
          <p role="alert" data-testid="video-details-error" className="text-sm text-red-600">
            {t('videos.player.loadFailed')}
          </p>
        ) : details.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-500">
            <LoaderCircle aria-hidden className="size-4 animate-spin text-blue-600" />{' '}
            {t('videos.player.loadingReport')}
          </p>
        ) : report ? (
          <AnalysisReportView
            report={report}
            onSeek={seek}
            // The report before a new analysis that runs or failed is read, not reviewed.
            review={video.analysisStatus === 'completed' ? review : undefined}
          />
        ) : (
          <p data-testid="no-report" className="text-sm text-slate-500 dark:text-slate-400">
            {status.processing ? t('videos.player.running') : t('videos.player.notAnalysed')}
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * One click analyses the video again against the SOPs it was analysed with: after new profile
 * pictures are enrolled, or after a failure. A video never analysed goes through Analyse.
 */
function RerunAnalysis({ video }: { video: Video }) {
  const { t } = useTranslation();
  const analyse = useAnalyseVideo();
  if (video.analysisStatus !== 'completed' && video.analysisStatus !== 'failed') return null;
  return (
    <button
      type="button"
      data-testid="rerun-analysis"
      className={`${smallButtonClass} ml-auto`}
      disabled={analyse.isPending}
      onClick={() => analyse.mutate({ id: video.id, sopIds: video.linkedSOPs })}
    >
      <RotateCcw aria-hidden className="size-3.5" />
      {analyse.isPending ? t('videos.starting') : t('videos.analyse.rerun')}
    </button>
  );
}
