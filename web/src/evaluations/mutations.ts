import { type EvaluationDraft, type ReviewEvaluation } from '@hub/proto';
import { api } from '../api/routes';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { failureToast } from '../api/errors';
import { toast } from '../toast/toastStore';
import { documentEvaluationQuery, refreshEvaluation } from './queries';

const saveDraft = (documentId: number, draft: EvaluationDraft) =>
  call(api.updateEvaluation, { params: { id: documentId }, body: draft });

async function afterChange(queryClient: QueryClient, documentId: number, saved: ReviewEvaluation) {
  const { queryKey } = documentEvaluationQuery({ id: documentId, quizId: null });
  queryClient.setQueryData(queryKey, saved);
  await refreshEvaluation(queryClient, documentId);
}

/** Saves the reviewer's draft of a document's evaluation. */
export function useSaveEvaluation(documentId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: EvaluationDraft) => saveDraft(documentId, draft),
    onSuccess: async (saved) => {
      toast({ title: t('evaluations.savedTitle'), description: t('evaluations.savedDescription') });
      await afterChange(queryClient, documentId, saved);
    },
    onError: (error) =>
      toast(
        failureToast(
          t('evaluations.saveFailedTitle'),
          error,
          t('evaluations.saveFailedDescription'),
        ),
      ),
  });
}

/** Publishes the evaluation, saving the draft first when it has unsaved changes (`draft`). */
export function usePublishEvaluation(documentId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (draft: EvaluationDraft | null) => {
      if (draft) await saveDraft(documentId, draft);
      return call(api.publishEvaluation, { params: { id: documentId } });
    },
    onSuccess: async (published) => {
      toast({
        title: t('evaluations.publishedTitle'),
        description: t('evaluations.publishedDescription'),
      });
      await afterChange(queryClient, documentId, published);
    },
    onError: (error) =>
      toast(
        failureToast(
          t('evaluations.publishFailedTitle'),
          error,
          t('evaluations.publishFailedDescription'),
        ),
      ),
  });
}
