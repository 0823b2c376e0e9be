import { type EvaluationDraft, type ReviewEvaluation } from '@hub/proto';
import { api } from '../api/routes';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { failureToast } from '../api/errors';
import { toast } from '../toast/toastStore';
import { isEvaluationChanged } from './ConflictNotice';
import { documentEvaluationQuery, refreshEvaluation } from './queries';

/** A draft and the `updatedAt` of the evaluation it was edited from (the server refuses others). */
export interface DraftSave {
  draft: EvaluationDraft;
  updatedAt: string;
}

/** For publishing: the unsaved draft, or null when there is nothing to save first. */
export interface PublishRequest {
  draft: EvaluationDraft | null;
  updatedAt: string;
}

const saveDraft = (documentId: number, { draft, updatedAt }: DraftSave) =>
  call(api.updateEvaluation, { params: { id: documentId }, body: { ...draft, updatedAt } });

async function afterChange(queryClient: QueryClient, documentId: number, saved: ReviewEvaluation) {
  const { queryKey } = documentEvaluationQuery({ id: documentId, quizId: null });
  // The editor is keyed by the answer's updatedAt: it starts again from what was saved, and its
  // next save names this version.
  queryClient.setQueryData(queryKey, saved);
  await refreshEvaluation(queryClient, documentId);
}

/**
 * A save refused because the evaluation changed since it was read (409 `evaluation_changed`)
 * calls `onConflict`; the cached evaluation is left as it is, so the editor keeps the draft.
 */
export function useSaveEvaluation(documentId: number, onConflict: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: DraftSave) => saveDraft(documentId, save),
    onSuccess: async (saved) => {
      toast({ title: t('evaluations.savedTitle'), description: t('evaluations.savedDescription') });
      await afterChange(queryClient, documentId, saved);
    },
    onError: (error) => {
      toast(
        failureToast(
          t('evaluations.saveFailedTitle'),
          error,
          t('evaluations.saveFailedDescription'),
        ),
      );
      if (isEvaluationChanged(error)) onConflict();
    },
  });
}

/** Publishes the evaluation, saving the draft first when it has unsaved changes. */
export function usePublishEvaluation(documentId: number, onConflict: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ draft, updatedAt }: PublishRequest) => {
      // What is published is what the publisher saw: their own save, or the version they read.
      const read = draft
        ? (await saveDraft(documentId, { draft, updatedAt })).updatedAt
        : updatedAt;
      return call(api.publishEvaluation, { params: { id: documentId }, body: { updatedAt: read } });
    },
    onSuccess: async (published) => {
      toast({
        title: t('evaluations.publishedTitle'),
        description: t('evaluations.publishedDescription'),
      });
      await afterChange(queryClient, documentId, published);
    },
    onError: (error) => {
      toast(
        failureToast(
          t('evaluations.publishFailedTitle'),
          error,
          t('evaluations.publishFailedDescription'),
        ),
      );
      if (isEvaluationChanged(error)) onConflict();
    },
  });
}

/** Loads the evaluation as it is now: the editor starts again from it (its key changes). */
export function useReloadEvaluation(documentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshEvaluation(queryClient, documentId),
  });
}
