import type { ReviewEvaluation } from '@hub/proto';
import { useForm, useStore } from '@tanstack/react-form';
import { Plus, Save, Send } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { submitForm } from '../forms/contractForm';
import { useToastClearance } from '../toast/toastClearance';
import { Badge } from '../ui/Badge';
import { Card } from '../ui/Card';
import { Field } from '../ui/Field';
import { inputClass, smallButtonClass, smallOutlineButtonClass } from '../ui/styles';
import {
  blankQuestion,
  draftErrors,
  draftOf,
  editorStateOf,
  evaluationStatusBadge,
  revisionNotice,
  moveItem,
  questionErrors,
  removeAt,
  replaceAt,
  type DraftErrors,
  type EditorQuestion,
  type EditorState,
} from './evaluationText';
import { ConflictNotice } from './ConflictNotice';
import { InvalidDraftToast } from './invalidDraftToast';
import { usePublishEvaluation, useReloadEvaluation, useSaveEvaluation } from './mutations';
import { LearningPoints } from './LearningPoints';
import { plainTextarea, QuestionEditor } from './QuestionEditor';
import { useTranslation } from 'react-i18next';

/**
 * The reviewer's form: title, description, questions and key learning points; save or publish.
 * Saves name the version read (`evaluation.updatedAt`; the page keys the editor by it, so after
 * a save the next one names its answer). A save refused because someone changed the evaluation
 * meanwhile keeps the draft on screen, with saving off, until the reader loads the latest one.
 */
export function EvaluationEditor({
  documentId,
  evaluation,
}: {
  documentId: number;
  evaluation: ReviewEvaluation;
}) {
  const { t } = useTranslation();
  const initial = useMemo(() => editorStateOf(evaluation), [evaluation]);
  const isDirty = (values: EditorState) =>
    JSON.stringify(draftOf(values)) !== JSON.stringify(draftOf(initial));
  const [conflict, setConflict] = useState(false);
  const save = useSaveEvaluation(documentId, () => setConflict(true));
  const publish = usePublishEvaluation(documentId, () => setConflict(true));
  const reload = useReloadEvaluation(documentId);
  const updatedAt = evaluation.updatedAt;
  const [invalidToast] = useState(() => new InvalidDraftToast());

  // The client-side check mirrors the server's (proto's EvaluationDraft); its messages are keyed
  // by path within the questions, so the editor shows them itself once a save or publish was tried.
  const form = useForm({
    defaultValues: initial,
    onSubmitMeta: { publish: false },
    validators: {
      onSubmit: ({ value }) => (Object.keys(draftErrors(value)).length > 0 ? 'invalid' : undefined),
    },
    onSubmitInvalid: ({ value }) => {
      const errors = draftErrors(value);
      invalidToast.show({
        title: t('evaluations.cannotSave'),
        description: t('evaluations.fixFirst', {
          count: Object.keys(errors).length,
          first: Object.values(errors)[0] ?? '',
        }),
        variant: 'destructive',
      });
    },
    onSubmit: ({ value, meta }) => {
      if (!meta.publish) save.mutate({ draft: draftOf(value), updatedAt });
      else publish.mutate({ draft: isDirty(value) ? draftOf(value) : null, updatedAt });
    },
  });
  const state = useStore(form.store, (formState) => formState.values);
  const showErrors = useStore(form.store, (formState) => formState.submissionAttempts > 0);
  const errors = useMemo(() => draftErrors(state), [state]);
  const shown: DraftErrors = showErrors ? errors : {};
  const problems = Object.keys(errors).length;
  useEffect(() => invalidToast.settle(problems), [invalidToast, problems]);
  const dirty = isDirty(state);
  const status = evaluationStatusBadge(evaluation.status);
  const notice = revisionNotice(evaluation);

  const setQuestions = (change: (questions: EditorQuestion[]) => EditorQuestion[]) =>
    form.setFieldValue('questions', change);
  const busy = save.isPending || publish.isPending || conflict;
  const actionBar = useRef<HTMLDivElement>(null);
  useToastClearance(actionBar);

  return (
    <form
      data-testid="evaluation-editor"
      className="space-y-6"
      noValidate
      onSubmit={submitForm(form)}
    >
      <Card className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={status.tone} testId="editor-status">
            {status.label}
          </Badge>
          {dirty && <span className="text-xs text-amber-600">{t('evaluations.unsaved')}</span>}
        </div>
        {notice && (
          <p
            role="status"
            data-testid="revision-notice"
            className="rounded-md bg-amber-50 p-3 text-sm text-amber-800 dark:bg-amber-950 dark:text-amber-200"
          >
            {notice}
          </p>
        )}
        <Field id="evaluation-title" label={t('evaluations.fieldTitle')} error={shown['title']}>
          <input
            id="evaluation-title"
            value={state.title}
            maxLength={300}
            onChange={(event) => form.setFieldValue('title', event.target.value)}
            className={inputClass}
          />
        </Field>
        <Field
          id="evaluation-description"
          label={t('evaluations.fieldDescription')}
          error={shown['description']}
        >
          <textarea
            id="evaluation-description"
            rows={3}
            value={state.description}
            maxLength={2000}
            onChange={(event) => form.setFieldValue('description', event.target.value)}
            className={plainTextarea}
          />
        </Field>
      </Card>

      <section className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">
            {t('evaluations.questions', { count: state.questions.length })}
          </h2>
          {shown['questions'] && (
            <p role="alert" className="text-xs text-red-600">
              {shown['questions']}
            </p>
          )}
        </div>
        {state.questions.map((question, index) => (
          <QuestionEditor
            key={question.key}
            index={index}
            count={state.questions.length}
            question={question}
            errors={questionErrors(shown, index)}
            onChange={(next) => setQuestions((questions) => replaceAt(questions, index, next))}
            onMove={(to) => setQuestions((questions) => moveItem(questions, index, to))}
            onDelete={() => setQuestions((questions) => removeAt(questions, index))}
          />
        ))}
        <button
          type="button"
          data-testid="add-question"
          onClick={() =>
            setQuestions((questions) => [...questions, blankQuestion(questions.at(-1)?.category)])
          }
          className={smallOutlineButtonClass}
        >
          <Plus className="size-3.5" /> {t('evaluations.addQuestion')}
        </button>
      </section>

      <LearningPoints
        points={state.keyLearningPoints}
        shown={shown}
        onChange={(keyLearningPoints) => form.setFieldValue('keyLearningPoints', keyLearningPoints)}
      />

      <div
        ref={actionBar}
        className="sticky bottom-0 flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-slate-50/95 py-3 dark:border-slate-800 dark:bg-slate-900/95"
      >
        {conflict && (
          <ConflictNotice onReload={() => reload.mutate()} reloading={reload.isPending} />
        )}
        {showErrors && problems > 0 && (
          <p role="alert" data-testid="editor-problems" className="mr-auto text-sm text-red-600">
            {t('evaluations.problems', { count: problems })}
          </p>
        )}
        <button
          type="submit"
          data-testid="evaluation-save"
          disabled={busy}
          className={smallOutlineButtonClass + ' h-9'}
        >
          <Save className="size-4" />{' '}
          {save.isPending ? t('evaluations.saving') : t('evaluations.save')}
        </button>
        {evaluation.status !== 'published' && (
          <button
            type="button"
            data-testid="editor-publish"
            disabled={busy}
            onClick={() => void form.handleSubmit({ publish: true })}
            className={smallButtonClass}
          >
            <Send className="size-4" />
            {publish.isPending
              ? t('evaluations.publishing')
              : dirty
                ? t('evaluations.saveAndPublish')
                : t('evaluations.publish')}
          </button>
        )}
      </div>
    </form>
  );
}
