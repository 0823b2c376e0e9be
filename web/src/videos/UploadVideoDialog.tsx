import { useForm } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useEffect } from 'react';
import { fieldsValidator, submitForm } from '../forms/contractForm';
import { formatFileSize } from '../i18n/format';
import { UploadProgress } from '../library/UploadDocumentDialog';
import { toast } from '../toast/toastStore';
import { Dialog, DialogFooter } from '../ui/Dialog';
import { Field } from '../ui/Field';
import { smallButtonClass, textareaClass } from '../ui/styles';
import { TextField } from '../forms/TextField';
import { sopChoicesQuery } from './queries';
import { SopPicker } from './SopPicker';
import {
  checkDraft,
  checkVideoFile,
  titleFromFileName,
  toDateTimeLocal,
  VIDEO_ACCEPT,
  videoUploadFields,
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

interface UploadDraft extends VideoDraft {
  file: File | null;
}

const emptyDraft = (): UploadDraft => ({
  file: null,
  title: '',
  description: '',
  recordingDate: toDateTimeLocal(new Date()),
  sopIds: [],
});

/**
 * The file is checked first and alone (its problem is a toast, from onSubmitInvalid); the
 * fields' messages come once there is a video to send.
 */
function checkUpload({ value }: { value: UploadDraft }) {
  return checkVideoFile(value.file) ? { form: 'file' } : checkFields({ value });
}

const checkFields = fieldsValidator((draft: UploadDraft) => ({ ...checkDraft(draft) }));

export function UploadVideoDialog({
  open,
  onOpenChange,
  progress,
  onUpload,
}: UploadVideoDialogProps) {
  const { t } = useTranslation();
  const sops = useQuery({ ...sopChoicesQuery, enabled: open });
  const uploading = progress !== null;
  const form = useForm({
    defaultValues: emptyDraft(),
    validators: { onSubmit: checkUpload },
    onSubmitInvalid: ({ value }) => {
      const problem = checkVideoFile(value.file);
      if (problem) toast(problem);
    },
    onSubmit: ({ value }) => {
      if (value.file) onUpload(videoUploadFields(value, sops.data?.documents ?? []), value.file);
    },
  });

  useEffect(() => {
    if (open) form.reset(emptyDraft());
  }, [open, form]);

  const chooseFile = (chosen: File | null) => {
    // A title to start from: the file's name, unless the person typed one.
    const { file, title } = form.state.values;
    const previous = file ? titleFromFileName(file.name) : '';
    if (chosen && (title.trim() === '' || title === previous)) {
      form.setFieldValue('title', titleFromFileName(chosen.name));
    }
    form.setFieldValue('file', chosen);
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
      <form noValidate onSubmit={submitForm(form)} className="space-y-4">
        <form.Subscribe selector={(state) => state.values.file}>
          {(file) => (
            <Field
              id="video-file"
              label={t('videos.upload.file')}
              hint={
                file
                  ? t('videos.upload.fileChosen', {
                      name: file.name,
                      size: formatFileSize(file.size),
                    })
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
          )}
        </form.Subscribe>
        <form.Field name="title">
          {(field) => (
            <TextField
              field={field}
              id="video-title"
              label={t('videos.upload.videoTitle')}
              maxLength={300}
              disabled={uploading}
              required
              aria-invalid={field.state.meta.errors.length > 0 ? true : undefined}
              placeholder={t('videos.upload.titlePlaceholder')}
            />
          )}
        </form.Field>
        <form.Field name="description">
          {(field) => (
            <TextField
              field={field}
              id="video-description"
              label={t('videos.upload.descriptionLabel')}
              rows={3}
              maxLength={5000}
              disabled={uploading}
              placeholder={t('videos.upload.optional')}
              className={clsx(textareaClass, 'font-sans')}
            />
          )}
        </form.Field>
        <form.Field name="recordingDate">
          {(field) => (
            <TextField
              field={field}
              id="video-recording-date"
              type="datetime-local"
              label={t('videos.upload.recordingDate')}
              disabled={uploading}
              required
              aria-invalid={field.state.meta.errors.length > 0 ? true : undefined}
            />
          )}
        </form.Field>
        <div className="space-y-1.5">
          <p className="text-sm font-medium">{t('videos.upload.linkedSops')}</p>
          <form.Field name="sopIds">
            {(field) => (
              <SopPicker
                idPrefix="upload-sop"
                label={t('videos.upload.linkedSops')}
                sops={sops.data?.documents}
                loading={sops.isPending}
                failed={sops.isError}
                selected={field.state.value}
                disabled={uploading}
                onChange={field.handleChange}
              />
            )}
          </form.Field>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t('videos.upload.linkedSopsHint')}
          </p>
        </div>
        {uploading && <UploadProgress percent={progress} />}
        <DialogFooter>
          <button type="submit" disabled={uploading} className={smallButtonClass}>
            {uploading ? t('videos.upload.uploading') : t('videos.uploadVideo')}
          </button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
