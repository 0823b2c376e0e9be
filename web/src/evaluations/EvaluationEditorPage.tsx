import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode } from 'react';
import { isApiError } from '../api/client';
import { currentUserQuery } from '../api/queries';
import { Spinner } from '../ui/Spinner';
import { linkClass } from '../ui/styles';
import { hasAnswers, isReviewer } from './evaluationText';
import { documentEvaluationQuery, documentQuery } from './queries';
import { EvaluationEditor } from './EvaluationEditor';
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
