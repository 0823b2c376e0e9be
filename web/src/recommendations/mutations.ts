import { type Recommendation } from '@hub/proto';
import { api } from '../api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { failureToast } from '../api/errors';
import { toast } from '../toast/toastStore';
import { recommendationsKey } from './queries';
import { recommendationWords } from './texts';
import { refreshQueries } from '../api/refresh';

/** Implements or dismisses one recommendation; the list is fetched again either way. */
export function useDecideRecommendation(recommendation: Recommendation) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: 'implement' | 'dismiss') =>
      decision === 'implement'
        ? call(api.implementRecommendation, { params: { id: recommendation.id } })
        : call(api.dismissRecommendation, { params: { id: recommendation.id } }),
    onSuccess: (decided) =>
      toast({
        title:
          decided.state === 'implemented'
            ? t('recommendations.markedImplemented')
            : t('recommendations.dismissedToast'),
        description: recommendationWords(recommendation).title,
      }),
    onError: (error) =>
      toast(
        failureToast(
          t('recommendations.updateFailedTitle'),
          error,
          t('recommendations.oneUpdateFailed'),
        ),
      ),
    onSettled: () => refreshQueries(queryClient, recommendationsKey),
  });
}

/** Runs the evaluation again; every tab's pages are fetched again after it. */
export function useEvaluateRecommendations() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.evaluateRecommendations),
    onSuccess: async () => {
      await refreshQueries(queryClient, recommendationsKey);
      toast({
        title: t('recommendations.updated'),
        description: t('recommendations.updatedDescription'),
      });
    },
    onError: (error) =>
      toast(
        failureToast(
          t('recommendations.updateFailedTitle'),
          error,
          t('recommendations.updateFailed'),
        ),
      ),
  });
}
