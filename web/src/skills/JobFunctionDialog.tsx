import type { JobFunction, RequiredSop } from '@hub/proto';
import { useForm } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureToast } from '../api/errors';
import { submitForm } from '../forms/contractForm';
import { toast } from '../toast/toastStore';
import { Checkbox } from '../ui/Checkbox';
import { Dialog, DialogFooter } from '../ui/Dialog';
import { inputClass, smallButtonClass, textareaClass } from '../ui/styles';
import { useJobFunctionMutations } from './mutations';
import { sopChoicesQuery } from './queries';
import { useTranslation } from 'react-i18next';

/**
 * Creates a job function (editing null) or edits one: name, description and required SOPs. The
 * form starts from the function each time it opens (the parent keys it).
 */
export function JobFunctionDialog({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: JobFunction | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const choices = useQuery({ ...sopChoicesQuery(search), enabled: open });
  const { save } = useJobFunctionMutations();
  // The server checks the request, and its refusal is the toast.
  const form = useForm({
    defaultValues: {
      name: editing?.name ?? '',
      description: editing?.description ?? '',
      chosen: editing?.requiredSops ?? [],
    },
    onSubmit: ({ value: { name, description, chosen } }) =>
      save.mutate(
        {
          id: editing?.id ?? null,
          body: { name, description, documentIds: chosen.map((sop) => sop.documentId) },
        },
        {
          onSuccess: () => {
            toast({ title: editing ? t('skills.dialog.saved') : t('skills.dialog.created') });
            onClose();
          },
          onError: (error) =>
            toast(
              failureToast(
                t('skills.dialog.saveFailedTitle'),
                error,
                t('skills.dialog.saveFailedDescription'),
              ),
            ),
        },
      ),
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={editing ? t('skills.dialog.editTitle') : t('skills.dialog.newTitle')}
      description={t('skills.dialog.description')}
      testId="job-function-dialog"
    >
      <form className="space-y-4" onSubmit={submitForm(form)}>
        <form.Field name="name">
          {(field) => (
            <label className="block space-y-1 text-sm">
              <span className="font-medium">{t('skills.dialog.name')}</span>
              <input
                data-testid="job-function-name"
                className={inputClass}
                value={field.state.value}
                maxLength={120}
                onChange={(event) => field.handleChange(event.target.value)}
              />
            </label>
          )}
        </form.Field>
        <form.Field name="description">
          {(field) => (
            <label className="block space-y-1 text-sm">
              <span className="font-medium">{t('skills.dialog.descriptionField')}</span>
              <textarea
                data-testid="job-function-description"
                rows={2}
                className={textareaClass}
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
              />
            </label>
          )}
        </form.Field>
        <form.Field name="chosen">
          {(field) => (
            <RequiredSops
              chosen={field.state.value}
              onChange={field.handleChange}
              search={search}
              onSearch={setSearch}
              documents={choices.data?.documents}
              loading={choices.isPending}
            />
          )}
        </form.Field>
        <DialogFooter>
          <button
            type="submit"
            data-testid="job-function-save"
            className={smallButtonClass}
            disabled={save.isPending}
          >
            {editing ? t('skills.dialog.save') : t('skills.dialog.create')}
          </button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

/** The SOPs the function requires: those chosen first, then the search's other processed SOPs. */
function RequiredSops({
  chosen,
  onChange,
  search,
  onSearch,
  documents,
  loading,
}: {
  chosen: RequiredSop[];
  onChange: (chosen: RequiredSop[]) => void;
  search: string;
  onSearch: (search: string) => void;
  documents: readonly { id: number; title: string }[] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const chosenIds = new Set(chosen.map((sop) => sop.documentId));
  const toggle = (sop: RequiredSop, on: boolean) =>
    onChange(
      on ? [...chosen, sop] : chosen.filter((candidate) => candidate.documentId !== sop.documentId),
    );
  const listed: RequiredSop[] = [
    ...chosen,
    ...(documents ?? [])
      .filter((document) => !chosenIds.has(document.id))
      .map((document) => ({ documentId: document.id, title: document.title })),
  ];
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">
        {t('skills.dialog.requiredSops', { count: chosen.length })}
      </legend>
      <input
        aria-label={t('skills.dialog.searchSops')}
        data-testid="job-function-sop-search"
        className={inputClass}
        placeholder={t('skills.dialog.searchPlaceholder')}
        value={search}
        onChange={(event) => onSearch(event.target.value)}
      />
      <div
        data-testid="job-function-sops"
        className="max-h-56 space-y-2 overflow-y-auto rounded-md border border-slate-200 p-3 dark:border-slate-800"
      >
        {listed.length === 0 ? (
          <p className="text-sm text-slate-500">
            {loading ? t('skills.dialog.loadingSops') : t('skills.dialog.noSops')}
          </p>
        ) : (
          listed.map((sop) => (
            <Checkbox
              key={sop.documentId}
              id={`job-function-sop-${sop.documentId}`}
              label={sop.title}
              checked={chosenIds.has(sop.documentId)}
              onChange={(on) => toggle(sop, on)}
            />
          ))
        )}
      </div>
    </fieldset>
  );
}
