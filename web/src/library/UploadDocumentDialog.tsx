import type { Folder } from '@hub/proto';
import clsx from 'clsx';
import { useForm } from '@tanstack/react-form';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { submitForm } from '../forms/contractForm';
import { TextField } from '../forms/TextField';
import { toast } from '../toast/toastStore';
import { formatFileSize, formatPercent } from '../i18n/format';
import { Dialog, DialogFooter } from '../ui/Dialog';
import { Field } from '../ui/Field';
import { selectClass, smallButtonClass, textareaClass } from '../ui/styles';
import { buildFolderTree, flattenFolderTree } from './folderTree';
import { checkDocumentFile, titleFromFileName, type UploadDraft } from './uploadDocument';

interface UploadDocumentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  folders: readonly Folder[];
  /** The folder selected in the tree is the default destination. */
  selectedFolderId: number | null;
  /** Percent while an upload runs, null otherwise. */
  progress: number | null;
  onUpload: (draft: UploadDraft, file: File) => void;
}

interface UploadValues extends UploadDraft {
  file: File | null;
}

/** An empty draft, filed in the folder selected in the tree. */
const emptyDraft = (selectedFolderId: number | null): UploadValues => ({
  file: null,
  title: '',
  description: '',
  tags: '',
  folderId: selectedFolderId === null ? 'none' : String(selectedFolderId),
});

export function UploadDocumentDialog({
  open,
  onOpenChange,
  folders,
  selectedFolderId,
  progress,
  onUpload,
}: UploadDocumentDialogProps) {
  const { t } = useTranslation();
  const form = useForm({
    defaultValues: emptyDraft(selectedFolderId),
    onSubmit: ({ value: { file, ...draft } }) => {
      const problem = checkDocumentFile(file);
      if (problem || !file) {
        if (problem) toast(problem);
        return;
      }
      onUpload(draft, file);
    },
  });
  const choices = useMemo(() => flattenFolderTree(buildFolderTree(folders)), [folders]);
  const uploading = progress !== null;

  useEffect(() => {
    if (open) form.reset(emptyDraft(selectedFolderId));
  }, [open, selectedFolderId, form]);

  return (
    <Dialog
      open={open}
      // An upload in flight keeps the dialog open: it shows the progress and, on failure, the
      // fields as they were typed.
      onOpenChange={(next) => {
        if (!uploading) onOpenChange(next);
      }}
      title={t('library.upload.title')}
      description={t('library.upload.description')}
      testId="upload-document-dialog"
    >
      <form noValidate onSubmit={submitForm(form)} className="space-y-4">
        <form.Subscribe selector={(state) => state.values.file}>
          {(file) => (
            <>
              <Field
                id="document-file"
                label={t('library.upload.file')}
                hint={
                  file
                    ? t('library.upload.fileChosen', {
                        name: file.name,
                        size: formatFileSize(file.size),
                      })
                    : t('library.upload.maxSize')
                }
              >
                <input
                  id="document-file"
                  type="file"
                  accept=".pdf,application/pdf"
                  disabled={uploading}
                  data-testid="document-file-input"
                  onChange={(event) => form.setFieldValue('file', event.target.files?.[0] ?? null)}
                  className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-slate-200 dark:file:bg-slate-800"
                />
              </Field>
              <form.Field name="title">
                {(field) => (
                  <TextField
                    field={field}
                    id="document-title"
                    label={t('library.upload.documentTitle')}
                    hint={t('library.upload.titleHint')}
                    maxLength={300}
                    disabled={uploading}
                    placeholder={
                      file ? titleFromFileName(file.name) : t('library.upload.titlePlaceholder')
                    }
                  />
                )}
              </form.Field>
            </>
          )}
        </form.Subscribe>
        <form.Field name="description">
          {(field) => (
            <TextField
              field={field}
              id="document-description"
              label={t('library.upload.descriptionLabel')}
              rows={3}
              maxLength={5000}
              disabled={uploading}
              placeholder={t('library.upload.optional')}
              className={clsx(textareaClass, 'font-sans')}
            />
          )}
        </form.Field>
        <form.Field name="tags">
          {(field) => (
            <TextField
              field={field}
              id="document-tags"
              label={t('library.upload.tags')}
              hint={t('library.upload.tagsHint')}
              maxLength={2000}
              disabled={uploading}
              placeholder={t('library.upload.tagsPlaceholder')}
            />
          )}
        </form.Field>
        <form.Field name="folderId">
          {(field) => (
            <Field id="document-folder" label={t('library.upload.folder')}>
              <select
                id="document-folder"
                value={field.state.value}
                disabled={uploading}
                onChange={(event) => field.handleChange(event.target.value)}
                className={selectClass}
              >
                <option value="none">{t('library.upload.noFolder')}</option>
                {choices.map((node) => (
                  <option key={node.folder.id} value={String(node.folder.id)}>
                    {`${'\u00a0\u00a0'.repeat(node.depth)}${node.folder.name}`}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </form.Field>
        {uploading && <UploadProgress percent={progress} />}
        <DialogFooter>
          <button type="submit" disabled={uploading} className={smallButtonClass}>
            {uploading ? t('library.upload.uploading') : t('library.upload.submit')}
          </button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

export function UploadProgress({ percent }: { percent: number }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-1" data-testid="upload-progress">
      <div
        role="progressbar"
        aria-label={t('library.upload.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className="h-full rounded-full bg-blue-600 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-right text-xs text-slate-500 dark:text-slate-400">
        {formatPercent(percent)}
      </p>
    </div>
  );
}
