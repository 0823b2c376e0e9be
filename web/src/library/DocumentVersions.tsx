import type { DocumentVersion, LibraryDocument } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { Download, Eye, Upload } from 'lucide-react';
import { useForm } from '@tanstack/react-form';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { failureToast } from '../api/errors';
import { fieldsValidator, submitForm } from '../forms/contractForm';
import { TextField } from '../forms/TextField';
import { toast } from '../toast/toastStore';
import { Field } from '../ui/Field';
import { Spinner } from '../ui/Spinner';
import { smallButtonClass, smallOutlineButtonClass, textareaClass } from '../ui/styles';
import { useUploadVersion } from './mutations';
import { UploadProgress } from './UploadDocumentDialog';
import { VersionDiffView } from './VersionDiffView';
import { checkDocumentFile } from './uploadDocument';
import { checkChangeNote, versionCaption, versionDownloadUrl, versionStateLabel } from './versions';
import { documentVersionsQuery } from './queries';

interface DocumentVersionsProps {
  document: LibraryDocument;
  /** After a new version: the list is watched again as after an upload. */
  onUploaded: () => void;
}

/** The viewer's Versions tab: upload a new version, list every version, view or download one. */
export function DocumentVersions({ document, onUploaded }: DocumentVersionsProps) {
  const { t } = useTranslation();
  const versions = useQuery(documentVersionsQuery(document.id));
  const [uploading, setUploading] = useState(false);
  return (
    <div className="space-y-4" data-testid="document-versions">
      <div className="flex items-center justify-between">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <Trans
            i18nKey="library.versions.current"
            values={{ version: document.currentVersion }}
            components={{ b: <strong data-testid="current-version" /> }}
          />
        </p>
        {!uploading && (
          <button
            type="button"
            data-testid="upload-new-version"
            onClick={() => setUploading(true)}
            className={smallButtonClass}
          >
            <Upload className="size-3.5" /> {t('library.versions.uploadNew')}
          </button>
        )}
      </div>
      {uploading && (
        <NewVersionForm
          documentId={document.id}
          onDone={(uploaded) => {
            setUploading(false);
            if (uploaded) onUploaded();
          }}
        />
      )}
      {versions.isPending && <Spinner />}
      {versions.isError && (
        <p role="alert" className="text-sm text-red-600">
          {t('library.versions.loadFailed')}
        </p>
      )}
      {versions.data && versions.data.versions.length > 1 && (
        <VersionDiffView
          // A version finishing its processing makes a comparison possible that was not before.
          key={versions.data.versions.map((version) => version.state).join()}
          list={versions.data}
        />
      )}
      {versions.data && (
        <ol className="divide-y divide-slate-200 rounded border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {versions.data.versions.map((version) => (
            <VersionRow key={version.version} documentId={document.id} version={version} />
          ))}
        </ol>
      )}
    </div>
  );
}

function VersionRow({ documentId, version }: { documentId: number; version: DocumentVersion }) {
  const { t } = useTranslation();
  const open = async (download: boolean) => {
    try {
      const link = await versionDownloadUrl(documentId, version.version);
      if (!download) {
        window.open(link.url, '_blank', 'noopener');
        return;
      }
      // An anchor with `download` saves the file under its own name instead of showing it.
      const anchor = window.document.createElement('a');
      anchor.href = link.url;
      anchor.download = version.fileName;
      anchor.click();
    } catch (error) {
      toast(
        failureToast(
          t('library.versions.downloadFailed'),
          error,
          t('library.versions.downloadFailedDescription'),
        ),
      );
    }
  };
  return (
    <li
      className="flex flex-wrap items-start justify-between gap-2 p-3"
      data-testid={`version-${version.version}`}
    >
      {/* A pasted link or file name breaks anywhere rather than leave a phone's screen. */}
      <div className="min-w-0 space-y-1 wrap-anywhere">
        <p className="text-sm font-medium">
          {t('library.versions.version', { version: version.version })}
          {version.current && (
            <span className="ml-2 rounded bg-blue-100 px-1.5 py-0.5 text-xs text-blue-800 dark:bg-blue-900 dark:text-blue-100">
              {t('library.versions.currentBadge')}
            </span>
          )}
          <span
            className={clsx(
              'ml-2 text-xs',
              version.state === 'failed' ? 'text-red-600' : 'text-slate-500 dark:text-slate-400',
            )}
          >
            {versionStateLabel(version)}
          </span>
        </p>
        <p className="text-sm whitespace-pre-line" data-testid="version-note">
          {version.changeNote || t('library.versions.firstVersion')}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">{versionCaption(version)}</p>
      </div>
      <div className="flex gap-2">
        <button type="button" onClick={() => void open(false)} className={smallOutlineButtonClass}>
          <Eye className="size-3.5" /> {t('library.versions.view')}
        </button>
        <button type="button" onClick={() => void open(true)} className={smallOutlineButtonClass}>
          <Download className="size-3.5" /> {t('library.versions.download')}
        </button>
      </div>
    </li>
  );
}

function NewVersionForm({
  documentId,
  onDone,
}: {
  documentId: number;
  onDone: (uploaded: boolean) => void;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadVersion(documentId, {
    onProgress: setProgress,
    onUploaded: () => onDone(true),
  });
  // A missing note shows under its field; a file that is not a PDF is a toast, even alongside it.
  const fileRefused = (file: File | null) => {
    const problem = checkDocumentFile(file);
    if (problem) toast(problem);
    return problem !== null || file === null;
  };
  const form = useForm({
    defaultValues: { note: '', file: null as File | null },
    validators: {
      onSubmit: fieldsValidator(({ note }: { note: string }) => {
        const problem = checkChangeNote(note);
        return problem ? { note: problem } : {};
      }),
    },
    onSubmitInvalid: ({ value }) => fileRefused(value.file),
    onSubmit: ({ value: { note, file } }) => {
      if (!fileRefused(file) && file) upload.mutate({ note, file });
    },
  });
  const busy = upload.isPending;
  return (
    <form
      noValidate
      onSubmit={submitForm(form)}
      data-testid="new-version-form"
      className="space-y-3 rounded border border-slate-200 p-3 dark:border-slate-800"
    >
      <form.Field name="note">
        {(field) => (
          <TextField
            field={field}
            id="version-change-note"
            label={t('library.versions.whatChanged')}
            rows={2}
            maxLength={2000}
            disabled={busy}
            className={clsx(textareaClass, 'font-sans')}
          />
        )}
      </form.Field>
      <Field
        id="version-file"
        label={t('library.versions.file')}
        hint={t('library.versions.maxSize')}
      >
        <input
          id="version-file"
          type="file"
          accept=".pdf,application/pdf"
          disabled={busy}
          data-testid="version-file-input"
          onChange={(event) => form.setFieldValue('file', event.target.files?.[0] ?? null)}
          className="block w-full text-sm"
        />
      </Field>
      {progress !== null && <UploadProgress percent={progress} />}
      <div className="flex justify-end gap-2">
        <button
          type="button"
          disabled={busy}
          onClick={() => onDone(false)}
          className={smallOutlineButtonClass}
        >
          {t('library.versions.cancel')}
        </button>
        <button type="submit" disabled={busy} className={smallButtonClass}>
          {busy ? t('library.versions.uploading') : t('library.versions.submit')}
        </button>
      </div>
    </form>
  );
}
