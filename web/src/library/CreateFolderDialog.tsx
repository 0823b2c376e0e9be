import type { Folder } from '@hub/proto';
import clsx from 'clsx';
import { useForm } from '@tanstack/react-form';
import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { submitForm } from '../forms/contractForm';
import { TextField } from '../forms/TextField';
import { toast } from '../toast/toastStore';
import { Dialog, DialogFooter } from '../ui/Dialog';
import { smallButtonClass, textareaClass } from '../ui/styles';
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
  const create = useCreateFolder(() => onOpenChange(false), onCreated);
  const form = useForm({
    defaultValues: { name: '', description: '' },
    onSubmit: ({ value }) => {
      const name = value.name.trim();
      const description = value.description.trim();
      if (name === '') {
        toast({
          title: t('library.folders.nameRequired'),
          description: t('library.folders.nameRequiredDescription'),
          variant: 'destructive',
        });
        return;
      }
      create.mutate({
        name,
        description: description === '' ? null : description,
        parentFolderId: parent?.id ?? null,
      });
    },
  });

  // Each opening starts empty.
  useEffect(() => {
    if (open) form.reset();
  }, [open, form]);

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
      <form noValidate onSubmit={submitForm(form)} className="space-y-4">
        <form.Field name="name">
          {(field) => (
            <TextField
              field={field}
              id="folder-name"
              label={t('library.folders.name')}
              autoFocus
              maxLength={200}
              disabled={create.isPending}
              placeholder={t('library.folders.namePlaceholder')}
            />
          )}
        </form.Field>
        <form.Field name="description">
          {(field) => (
            <TextField
              field={field}
              id="folder-description"
              rows={3}
              label={t('library.folders.description')}
              maxLength={2000}
              disabled={create.isPending}
              placeholder={t('library.folders.optional')}
              className={clsx(textareaClass, 'font-sans')}
            />
          )}
        </form.Field>
        <DialogFooter>
          <button type="submit" disabled={create.isPending} className={smallButtonClass}>
            {create.isPending ? t('library.folders.creating') : t('library.folders.submit')}
          </button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
