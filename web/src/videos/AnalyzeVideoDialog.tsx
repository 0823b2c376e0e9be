import type { Video } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { ScanFace } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Dialog } from '../ui/Dialog';
import { smallButtonClass } from '../ui/styles';
import { preselectedSops } from './format';
import { sopChoicesQuery } from './queries';
import { SopPicker } from './SopPicker';
import { useAnalyseVideo } from './mutations';

interface AnalyzeVideoDialogProps {
  /** The video to analyse; null when the dialog is closed. */
  video: Video | null;
  onClose: () => void;
}

export function AnalyzeVideoDialog({ video, onClose }: AnalyzeVideoDialogProps) {
  const { t } = useTranslation();
  const open = video !== null;
  const sops = useQuery({ ...sopChoicesQuery, enabled: open });
  const choices = sops.data?.documents;
  const [selected, setSelected] = useState<number[]>([]);

  const videoId = video?.id;
  const linkedKey = video?.linkedSOPs.join(',') ?? '';
  useEffect(() => {
    if (videoId === undefined || !choices) return;
    const linked = linkedKey === '' ? [] : linkedKey.split(',').map(Number);
    setSelected(preselectedSops(linked, choices));
  }, [videoId, linkedKey, choices]);

  const analyse = useAnalyseVideo(onClose);

  const none = sops.isSuccess && (choices?.length ?? 0) === 0;
  const processing = video?.analysisStatus === 'processing';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!video || none || processing) return;
    analyse.mutate({ id: video.id, sopIds: selected });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !analyse.isPending) onClose();
      }}
      title={t('videos.analyse.title')}
      description={
        video ? (
          <Trans
            i18nKey="videos.analyse.description"
            values={{ title: video.title }}
            components={{ b: <span className="font-medium" /> }}
          />
        ) : undefined
      }
      testId="analyze-video-dialog"
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <div className="space-y-1.5">
          <p className="text-sm font-medium">{t('videos.analyse.sops')}</p>
          <SopPicker
            idPrefix="analyze-sop"
            label={t('videos.analyse.sops')}
            sops={choices}
            loading={sops.isPending}
            failed={sops.isError}
            selected={selected}
            disabled={analyse.isPending}
            onChange={setSelected}
          />
          {!none && (
            <p className="text-xs text-slate-500 dark:text-slate-400">{t('videos.analyse.hint')}</p>
          )}
        </div>
        <div className="flex items-center justify-end gap-3">
          {none && (
            <span data-testid="no-processed-sops" className="text-sm text-slate-500">
              {t('videos.sops.noneProcessed')}
            </span>
          )}
          <button
            type="submit"
            data-testid="start-analysis"
            disabled={none || !sops.isSuccess || processing || analyse.isPending}
            className={smallButtonClass}
          >
            <ScanFace className="size-4" />
            {analyse.isPending ? t('videos.starting') : t('videos.analyse.start')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
