import type { ReviewEvaluation } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, Plus, Save, Send, X } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { isApiError } from '../api/client';
import { currentUserQuery } from '../api/queries';
import { toast } from '../toast/toastStore';
import { Badge } from '../ui/Badge';
import { Card } from '../ui/Card';
import { Field } from '../ui/Field';
import { Spinner } from '../ui/Spinner';
import { inputClass, linkClass, smallButtonClass, smallOutlineButtonClass } from '../ui/styles';
import {
  blankQuestion,
  draftErrors,
  draftOf,
  editorStateOf,
  evaluationStatusBadge,
  revisionNotice,
  hasAnswers,
  isReviewer,
  moveItem,
  questionErrors,
  removeAt,
  replaceAt,
  type DraftErrors,
  type EditorQuestion,
  type EditorState,
} from './evaluationText';
import { usePublishEvaluation, useSaveEvaluation } from './mutations';
import { documentEvaluationQuery, documentQuery } from './queries';
import { plainTextarea, QuestionEditor } from './QuestionEditor';
import { useTranslation } from 'react-i18next';

/** /library/documents/{id}/evaluation/edit: the reviewers' editor of a generated evaluation. */
export function EvaluationEditorPage({ documentId }: { documentId: number }) {
  const { t } = useTranslation();
  const role = useQuery(currentUserQuery).data?.role;
  const document = useQuery({
    ...documentQuery(documentId),
    enabled: Number.isInteger(documentId) && documentId > 0,
  });
  const evaluation = useQuery({
    ...documentEvaluationQuery({ id: documentId, quizId: document.data?.quizId ?? null }),
    enabled: isReviewer(role) && document.isSuccess,
  });

  let body: ReactNode;
  if (!isReviewer(role)) {
    body = <Notice>{t('evaluations.restricted')}</Notice>;
  } else if (document.isError || evaluation.isError) {
    const error = document.error ?? evaluation.error;
    body = (
      <Notice>
        {isApiError(error, 404)
          ? (error.serverMessage ?? t('evaluations.notFound'))
          : t('evaluations.loadFailed')}
      </Notice>
    );
  } else if (evaluation.isPending) {
    body = (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    );
  } else if (!hasAnswers(evaluation.data)) {
    body = <Notice>{t('evaluations.loadFailed')}</Notice>;
  } else {
    body = (
      <EvaluationEditor
        key={`${evaluation.data.id}-${evaluation.data.updatedAt}`}
        documentId={documentId}
        evaluation={evaluation.data}
      />
    );
  }

  return (
    <div data-testid="evaluation-editor-page" className="mx-auto max-w-4xl space-y-6">
      <header className="space-y-1">
        <Link to="/library/documents" className={`${linkClass} inline-flex items-center gap-1`}>
          <ArrowLeft className="size-4" /> {t('evaluations.backToLibrary')}
        </Link>
        <h1 className="text-2xl font-bold">{t('evaluations.title')}</h1>
        {document.data && (
          <p className="text-slate-500 dark:text-slate-400">{document.data.title}</p>
        )}
      </header>
      {body}
    </div>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      data-testid="evaluation-editor-notice"
      className="rounded-lg border border-dashed border-slate-300 px-6 py-12 text-center text-sm text-slate-500 dark:border-slate-700"
    >
      {children}
    </p>
  );
}

function EvaluationEditor({
  documentId,
  evaluation,
}: {
  documentId: number;
  evaluation: ReviewEvaluation;
}) {
  const { t } = useTranslation();
  const initial = useMemo(() => editorStateOf(evaluation), [evaluation]);
  const [state, setState] = useState<EditorState>(initial);
  const [showErrors, setShowErrors] = useState(false);
  const errors = useMemo(() => draftErrors(state), [state]);
  const shown: DraftErrors = showErrors ? errors : {};
  const problems = Object.keys(errors).length;
  const dirty = JSON.stringify(draftOf(state)) !== JSON.stringify(draftOf(initial));
  const status = evaluationStatusBadge(evaluation.status);
  const notice = revisionNotice(evaluation);

  const save = useSaveEvaluation(documentId);
  const publish = usePublishEvaluation(documentId);

  /** The client-side check mirrors the server's (proto's EvaluationDraft). */
  const checked = (action: () => void) => {
    setShowErrors(true);
    if (problems > 0) {
      toast({
        title: t('evaluations.cannotSave'),
        description: t('evaluations.fixFirst', {
          count: problems,
          first: Object.values(errors)[0] ?? '',
        }),
        variant: 'destructive',
      });
      return;
    }
    action();
  };

  const update = (patch: Partial<EditorState>) => setState((current) => ({ ...current, ...patch }));
  const updateQuestion = (index: number, question: EditorQuestion) =>
    setState((current) => ({
      ...current,
      questions: replaceAt(current.questions, index, question),
    }));
  const busy = save.isPending || publish.isPending;

  return (
    <form
      data-testid="evaluation-editor"
      className="space-y-6"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        checked(() => save.mutate(draftOf(state)));
      }}
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
            onChange={(event) => update({ title: event.target.value })}
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
            onChange={(event) => update({ description: event.target.value })}
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
            onChange={(next) => updateQuestion(index, next)}
            onMove={(to) =>
              setState((current) => ({
                ...current,
                questions: moveItem(current.questions, index, to),
              }))
            }
            onDelete={() =>
              setState((current) => ({ ...current, questions: removeAt(current.questions, index) }))
            }
          />
        ))}
        <button
          type="button"
          data-testid="add-question"
          onClick={() =>
            setState((current) => ({
              ...current,
              questions: [...current.questions, blankQuestion(current.questions.at(-1)?.category)],
            }))
          }
          className={smallOutlineButtonClass}
        >
          <Plus className="size-3.5" /> {t('evaluations.addQuestion')}
        </button>
      </section>

      <Card className="space-y-3">
        <h2 className="text-lg font-semibold">{t('evaluations.keyLearningPoints')}</h2>
        {state.keyLearningPoints.map((point, index) => (
          <div key={index} className="flex items-start gap-2">
            <div className="flex-1">
              <input
                aria-label={t('evaluations.learningPoint', { number: index + 1 })}
                value={point}
                maxLength={500}
                onChange={(event) =>
                  update({
                    keyLearningPoints: replaceAt(
                      state.keyLearningPoints,
                      index,
                      event.target.value,
                    ),
                  })
                }
                className={inputClass}
              />
              {shown[`keyLearningPoints.${index}`] && (
                <p role="alert" className="mt-1 text-xs text-red-600">
                  {shown[`keyLearningPoints.${index}`]}
                </p>
              )}
            </div>
            <button
              type="button"
              aria-label={t('evaluations.removeLearningPoint', { number: index + 1 })}
              onClick={() =>
                update({ keyLearningPoints: removeAt(state.keyLearningPoints, index) })
              }
              className="rounded-md p-2 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <X className="size-4" />
            </button>
          </div>
        ))}
        {shown['keyLearningPoints'] && (
          <p role="alert" className="text-xs text-red-600">
            {shown['keyLearningPoints']}
          </p>
        )}
        <button
          type="button"
          disabled={state.keyLearningPoints.length >= 30}
          onClick={() => update({ keyLearningPoints: [...state.keyLearningPoints, ''] })}
          className={smallOutlineButtonClass}
        >
          <Plus className="size-3.5" /> {t('evaluations.addLearningPoint')}
        </button>
      </Card>

      <div className="sticky bottom-0 flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-slate-50/95 py-3 dark:border-slate-800 dark:bg-slate-900/95">
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
            onClick={() => checked(() => publish.mutate(dirty ? draftOf(state) : null))}
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
