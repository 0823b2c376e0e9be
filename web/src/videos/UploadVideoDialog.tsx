import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useEffect, useState, type FormEvent } from 'react';
import { formatFileSize } from '../i18n/format';
import { UploadProgress } from '../library/UploadDocumentDialog';
import { toast } from '../toast/toastStore';
import { Dialog } from '../ui/Dialog';
import { Field } from '../ui/Field';
import { inputClass, smallButtonClass, textareaClass } from '../ui/styles';
import { sopChoicesQuery } from './queries';
import { SopPicker } from './SopPicker';
import {
  checkDraft,
  checkVideoFile,
  titleFromFileName,
  toDateTimeLocal,
  VIDEO_ACCEPT,
  videoUploadFields,
  type DraftErrors,
  type VideoDraft,
} from './uploadVideo';
import { useTranslation } from 'react-i18next';

interface UploadVideoDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Percent while an upload runs, null otherwise. */
  progress: number | null;
  onUpload: (fields: [string, string][], file: File) => void;
}

const emptyDraft = (): VideoDraft => ({
  title: '',
  description: '',
  recordingDate: toDateTimeLocal(new Date()),
  sopIds: [],
});

export function UploadVideoDialog({
  open,
  onOpenChange,
  progress,
  onUpload,
}: UploadVideoDialogProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [draft, setDraft] = useState<VideoDraft>(emptyDraft);
  const [errors, setErrors] = useState<DraftErrors>({});
  const sops = useQuery({ ...sopChoicesQuery, enabled: open });
  const uploading = progress !== null;

  useEffect(() => {
    if (open) {
      setFile(null);
      setDraft(emptyDraft());
      setErrors({});
    }
  }, [open]);

  const set = <K extends keyof VideoDraft>(key: K, value: VideoDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    // A field's message goes once it is edited; the next submit checks again.
    setErrors((current) => (key in current ? { ...current, [key]: undefined } : current));
  };

  const chooseFile = (chosen: File | null) => {
    // A title to start from: the file's name, unless the person typed one.
    const previous = file ? titleFromFileName(file.name) : '';
    if (chosen && (draft.title.trim() === '' || draft.title === previous)) {
      set('title', titleFromFileName(chosen.name));
    }
    setFile(chosen);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = checkVideoFile(file);
    if (problem || !file) {
      if (problem) toast(problem);
      return;
    }
    const found = checkDraft(draft);
    setErrors(found);
    if (found.title || found.recordingDate) return;
    onUpload(videoUploadFields(draft, sops.data?.documents ?? []), file);
  };

  return (
    <Dialog
      open={open}
      // An upload in flight keeps the dialog open: it shows the progress and, on failure, the
      // fields as they were typed.
      onOpenChange={(next) => {
        if (!uploading) onOpenChange(next);
      }}
      title={t('videos.upload.title')}
      description={t('videos.upload.description')}
      testId="upload-video-dialog"
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <Field
          id="video-file"
          label={t('videos.upload.file')}
          hint={
            file
              ? t('videos.upload.fileChosen', { name: file.name, size: formatFileSize(file.size) })
              : t('videos.upload.fileHint')
          }
        >
          <input
            id="video-file"
            type="file"
            accept={VIDEO_ACCEPT}
            disabled={uploading}
            data-testid="video-file-input"
            onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-slate-200 dark:file:bg-slate-800"
          />
        </Field>
        <Field id="video-title" label={t('videos.upload.videoTitle')} error={errors.title}>
          <input
            id="video-title"
            value={draft.title}
            maxLength={300}
            disabled={uploading}
            required
            aria-invalid={errors.title ? true : undefined}
            placeholder={t('videos.upload.titlePlaceholder')}
            onChange={(event) => set('title', event.target.value)}
            className={inputClass}
          />
        </Field>
        <Field id="video-description" label={t('videos.upload.descriptionLabel')}>
          <textarea
            id="video-description"
            value={draft.description}
            rows={3}
            maxLength={5000}
            disabled={uploading}
            placeholder={t('videos.upload.optional')}
            onChange={(event) => set('description', event.target.value)}
            className={clsx(textareaClass, 'font-sans')}
          />
        </Field>
        <Field
          id="video-recording-date"
          label={t('videos.upload.recordingDate')}
          error={errors.recordingDate}
        >
          <input
            id="video-recording-date"
            type="datetime-local"
            value={draft.recordingDate}
            disabled={uploading}
            required
            aria-invalid={errors.recordingDate ? true : undefined}
            onChange={(event) => set('recordingDate', event.target.value)}
            className={inputClass}
          />
        </Field>
        <div className="space-y-1.5">
          <p className="text-sm font-medium">{t('videos.upload.linkedSops')}</p>
          <SopPicker
            idPrefix="upload-sop"
            label={t('videos.upload.linkedSops')}
            sops={sops.data?.documents}
            loading={sops.isPending}
            failed={sops.isError}
            selected={draft.sopIds}
            disabled={uploading}
            onChange={(ids) => set('sopIds', ids)}
          />
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t('videos.upload.linkedSopsHint')}
          </p>
        </div>
        {uploading && <UploadProgress percent={progress} />}
        <div className="flex justify-end">
          <button type="submit" disabled={uploading} className={smallButtonClass}>
            {uploading ? t('videos.upload.uploading') : t('videos.uploadVideo')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
