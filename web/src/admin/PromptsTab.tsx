import type { GlobalPrompts } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { readableErrorMessage } from '../api/errors';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { smallButtonClass, textareaClass } from '../ui/styles';
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
  const [draft, setDraft] = useState(initial);
  const save = useSavePrompts();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(draft);
  };

  return (
    <form onSubmit={submit} data-testid="prompts-form" className="mt-4 space-y-4">
      <div className="space-y-1.5">
        <label htmlFor="quiz-prompts" className="text-sm font-medium">
          {t('admin.prompts.evaluation')}
        </label>
        <textarea
          id="quiz-prompts"
          rows={12}
          value={draft.quizPrompts}
          disabled={save.isPending}
          onChange={(event) => setDraft({ ...draft, quizPrompts: event.target.value })}
          className={textareaClass}
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor="video-prompts" className="text-sm font-medium">
          {t('admin.prompts.video')}
        </label>
        <textarea
          id="video-prompts"
          rows={12}
          value={draft.videoAnalysisPrompts}
          disabled={save.isPending}
          onChange={(event) => setDraft({ ...draft, videoAnalysisPrompts: event.target.value })}
          className={textareaClass}
        />
      </div>
      <button type="submit" disabled={save.isPending} className={smallButtonClass}>
        {save.isPending ? t('admin.prompts.saving') : t('admin.prompts.save')}
      </button>
    </form>
  );
}
