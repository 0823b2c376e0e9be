import type { Video } from '@hub/proto';
import { useForm } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import { ScanFace } from 'lucide-react';
import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { submitForm } from '../forms/contractForm';
import { Dialog, DialogFooter } from '../ui/Dialog';
import { smallButtonClass } from '../ui/styles';
import { preselectedSops } from './format';
import { sopChoicesQuery } from './queries';
import { SopPicker } from './SopPicker';
import { useAnalyseVideo } from './mutations';

/** Until the SOPs load: then those linked to the video, or the only one, are chosen. */
const NONE_CHOSEN: { sopIds: number[] } = { sopIds: [] };

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
  const analyse = useAnalyseVideo(onClose);
  const none = sops.isSuccess && (choices?.length ?? 0) === 0;
  const processing = video?.analysisStatus === 'processing';
  const form = useForm({
    defaultValues: NONE_CHOSEN,
    onSubmit: ({ value }) => {
      if (video && !none && !processing) analyse.mutate({ id: video.id, sopIds: value.sopIds });
    },
  });

  const videoId = video?.id;
  const linkedKey = video?.linkedSOPs.join(',') ?? '';
  useEffect(() => {
    if (videoId === undefined || !choices) return;
    const linked = linkedKey === '' ? [] : linkedKey.split(',').map(Number);
    form.setFieldValue('sopIds', preselectedSops(linked, choices));
  }, [videoId, linkedKey, choices, form]);

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
      <form noValidate onSubmit={submitForm(form)} className="space-y-4">
        <div className="space-y-1.5">
          <p className="text-sm font-medium">{t('videos.analyse.sops')}</p>
          <form.Field name="sopIds">
            {(field) => (
              <SopPicker
                idPrefix="analyze-sop"
                label={t('videos.analyse.sops')}
                sops={choices}
                loading={sops.isPending}
                failed={sops.isError}
                selected={field.state.value}
                disabled={analyse.isPending}
                onChange={field.handleChange}
              />
            )}
          </form.Field>
          {!none && (
            <p className="text-xs text-slate-500 dark:text-slate-400">{t('videos.analyse.hint')}</p>
          )}
        </div>
        <DialogFooter>
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
        </DialogFooter>
      </form>
    </Dialog>
  );
}
