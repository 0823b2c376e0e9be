import { CreateTagRequest, TAG_COLORS } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { Check } from 'lucide-react';
import { useForm } from '@tanstack/react-form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractValidator, submitForm } from '../forms/contractForm';
import { formatNumber } from '../i18n/format';
import { Skeleton } from '../ui/Card';
import { Dialog, DialogFooter } from '../ui/Dialog';
import { Field } from '../ui/Field';
import { inputClass, smallButtonClass } from '../ui/styles';
import { useCreateTag } from './mutations';
import { LibraryPanel } from './LibraryPanel';
import { tagsQuery } from './queries';

/**
 * Spec section 5 says the colour defaults to 'a dark green', which is not one of the eight
 * choices it lists; we preselect the listed Green (#22c55e) so the default is always a choice.
 */
export const DEFAULT_TAG_COLOR = '#22c55e';

interface TagDraft {
  name: string;
  color: string;
}

const EMPTY_TAG: TagDraft = { name: '', color: DEFAULT_TAG_COLOR };

const requestOf = (draft: TagDraft) => ({ name: draft.name.trim(), color: draft.color });

interface TagPanelProps {
  selectedTagIds: readonly number[];
  onToggle: (id: number) => void;
}

/** Tags with their colour and document count; clicking several filters by all of them. */
export function TagPanel({ selectedTagIds, onToggle }: TagPanelProps) {
  const { t } = useTranslation();
  const tags = useQuery(tagsQuery);
  const [creating, setCreating] = useState(false);
  return (
    <LibraryPanel
      testId="tag-panel"
      title={t('library.tags.title')}
      createLabel={t('library.tags.create')}
      createTestId="create-tag-button"
      onCreate={() => setCreating(true)}
    >
      {tags.isPending && <Skeleton className="h-6" />}
      {tags.isError && (
        <p role="alert" className="text-xs text-red-600">
          {t('library.tags.loadFailed')}
        </p>
      )}
      {tags.data?.length === 0 && (
        <p className="text-xs text-slate-500">{t('library.tags.none')}</p>
      )}
      <ul data-testid="tag-list" className="space-y-0.5">
        {tags.data?.map((tag) => {
          const selected = selectedTagIds.includes(tag.id);
          return (
            <li key={tag.id}>
              <button
                type="button"
                data-testid="tag-item"
                data-tag-name={tag.name}
                aria-pressed={selected}
                onClick={() => onToggle(tag.id)}
                className={clsx(
                  'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800',
                  selected && 'bg-blue-50 font-medium dark:bg-blue-950',
                )}
              >
                <span
                  aria-hidden
                  className="size-3 shrink-0 rounded-full"
                  style={{ backgroundColor: tag.color }}
                />
                <span className="min-w-0 flex-1 truncate">{tag.name}</span>
                {selected && <Check aria-hidden className="size-3.5 text-blue-600" />}
                <span
                  className="text-xs text-slate-500 dark:text-slate-400"
                  aria-label={t('library.tags.documents', { count: tag.documentCount })}
                >
                  {formatNumber(tag.documentCount)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <CreateTagDialog open={creating} onOpenChange={setCreating} />
    </LibraryPanel>
  );
}

function CreateTagDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateTag(() => onOpenChange(false));
  const form = useForm({
    defaultValues: EMPTY_TAG,
    validators: { onSubmit: contractValidator(CreateTagRequest, requestOf) },
    onSubmit: ({ value }) => create.mutate(requestOf(value)),
  });

  // Each opening starts from an empty draft, without the last one's errors.
  useEffect(() => {
    if (open) form.reset();
  }, [open, form]);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('library.tags.dialogTitle')}
      testId="create-tag-dialog"
    >
      <form noValidate onSubmit={submitForm(form)} className="space-y-4">
        <form.Field name="name">
          {(field) => (
            <Field
              id="tag-name"
              label={t('library.tags.name')}
              // The schema's own message is English: only whether the field failed is read from it.
              error={
                field.state.meta.errors.length > 0 ? t('library.tags.nameRequired') : undefined
              }
            >
              <input
                id="tag-name"
                value={field.state.value}
                autoFocus
                maxLength={100}
                disabled={create.isPending}
                placeholder={t('library.tags.namePlaceholder')}
                onChange={(event) => field.handleChange(event.target.value)}
                onBlur={field.handleBlur}
                className={inputClass}
              />
            </Field>
          )}
        </form.Field>
        <form.Field name="color">
          {(field) => (
            <fieldset className="space-y-1.5">
              <legend className="text-sm font-medium">{t('library.tags.color')}</legend>
              <div
                role="radiogroup"
                aria-label={t('library.tags.color')}
                className="grid grid-cols-4 gap-2"
              >
                {TAG_COLORS.map((choice) => {
                  const checked = field.state.value === choice.hex;
                  return (
                    <button
                      key={choice.hex}
                      type="button"
                      role="radio"
                      aria-checked={checked}
                      data-testid="tag-color"
                      disabled={create.isPending}
                      onClick={() => field.handleChange(choice.hex)}
                      className={clsx(
                        'flex items-center gap-2 rounded-md border px-2 py-1.5 text-sm',
                        checked
                          ? 'border-blue-600 ring-2 ring-blue-500/30'
                          : 'border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900',
                      )}
                    >
                      <span
                        aria-hidden
                        className="size-3.5 shrink-0 rounded-full"
                        style={{ backgroundColor: choice.hex }}
                      />
                      {t(`library.tags.colors.${choice.hex}`)}
                    </button>
                  );
                })}
              </div>
              {field.state.meta.errors.length > 0 && (
                <p role="alert" data-testid="tag-color-error" className="text-xs text-red-600">
                  {t('library.tags.colorRequired')}
                </p>
              )}
            </fieldset>
          )}
        </form.Field>
        <DialogFooter>
          <button type="submit" disabled={create.isPending} className={smallButtonClass}>
            {create.isPending ? t('library.tags.creating') : t('library.tags.submit')}
          </button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
