import { GlobalPrompts } from '@hub/proto';
import { useForm } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import { readableErrorMessage } from '../api/errors';
import { submitForm } from '../forms/contractForm';
import { TextField } from '../forms/TextField';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { smallButtonClass } from '../ui/styles';
import { useSavePrompts } from './mutations';
import { promptsQuery } from './queries';
import { useTranslation } from 'react-i18next';

export function PromptsTab() {
  const { t } = useTranslation();
  const prompts = useQuery(promptsQuery);
  return (
    <Card>
      <CardTitle>{t('admin.prompts.title')}</CardTitle>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
        {t('admin.prompts.description')}
      </p>
      {prompts.isPending && <Skeleton className="mt-4 h-64" />}
      {prompts.isError && (
        <p role="alert" className="mt-4 text-sm text-red-600">
          {t('admin.prompts.loadFailed', { message: readableErrorMessage(prompts.error) })}
        </p>
      )}
      {prompts.data && <PromptsForm initial={prompts.data} />}
    </Card>
  );
}

function PromptsForm({ initial }: { initial: GlobalPrompts }) {
  const { t } = useTranslation();
  const save = useSavePrompts();
  const form = useForm({
    defaultValues: initial,
    validators: { onSubmit: GlobalPrompts },
    onSubmit: ({ value }) => save.mutate(value),
  });

  return (
    <form onSubmit={submitForm(form)} data-testid="prompts-form" className="mt-4 space-y-4">
      <form.Field name="quizPrompts">
        {(field) => (
          <TextField
            field={field}
            id="quiz-prompts"
            rows={12}
            label={t('admin.prompts.evaluation')}
            disabled={save.isPending}
          />
        )}
      </form.Field>
      <form.Field name="videoAnalysisPrompts">
        {(field) => (
          <TextField
            field={field}
            id="video-prompts"
            rows={12}
            label={t('admin.prompts.video')}
            disabled={save.isPending}
          />
        )}
      </form.Field>
      <button type="submit" disabled={save.isPending} className={smallButtonClass}>
        {save.isPending ? t('admin.prompts.saving') : t('admin.prompts.save')}
      </button>
    </form>
  );
}
