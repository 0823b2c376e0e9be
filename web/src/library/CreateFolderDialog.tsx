import type { Folder } from '@hub/proto';
import clsx from 'clsx';
import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from '../toast/toastStore';
import { Dialog } from '../ui/Dialog';
import { Field } from '../ui/Field';
import { inputClass, smallButtonClass, textareaClass } from '../ui/styles';
import { useCreateFolder } from './mutations';

interface CreateFolderDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The folder selected in the tree: the new folder goes inside it (null: top level). */
  parent: Folder | null;
  onCreated: (folder: Folder) => void;
}

export function CreateFolderDialog({
  open,
  onOpenChange,
  parent,
  onCreated,
}: CreateFolderDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');

  useEffect(() => {
    if (open) {
      setName('');
      setDescription('');
    }
  }, [open]);

  const create = useCreateFolder(() => onOpenChange(false), onCreated);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim() === '') {
      toast({
        title: t('library.folders.nameRequired'),
        description: t('library.folders.nameRequiredDescription'),
        variant: 'destructive',
      });
      return;
    }
    create.mutate({
      name: name.trim(),
      description: description.trim() === '' ? null : description.trim(),
      parentFolderId: parent?.id ?? null,
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('library.folders.dialogTitle')}
      description={
        parent ? (
          <Trans
            i18nKey="library.folders.inside"
            values={{ name: parent.name }}
            components={{ b: <span className="font-medium" /> }}
          />
        ) : (
          t('library.folders.topLevel')
        )
      }
      testId="create-folder-dialog"
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <Field id="folder-name" label={t('library.folders.name')}>
          <input
            id="folder-name"
            value={name}
            autoFocus
            maxLength={200}
            disabled={create.isPending}
            placeholder={t('library.folders.namePlaceholder')}
            onChange={(event) => setName(event.target.value)}
            className={inputClass}
          />
        </Field>
        <Field id="folder-description" label={t('library.folders.description')}>
          <textarea
            id="folder-description"
            value={description}
            rows={3}
            maxLength={2000}
            disabled={create.isPending}
            placeholder={t('library.folders.optional')}
            onChange={(event) => setDescription(event.target.value)}
            className={clsx(textareaClass, 'font-sans')}
          />
        </Field>
        <div className="flex justify-end">
          <button type="submit" disabled={create.isPending} className={smallButtonClass}>
            {create.isPending ? t('library.folders.creating') : t('library.folders.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
