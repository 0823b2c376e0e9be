import { type CreateObservationRequest } from '@hub/proto';
import { api } from '../api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { failureToast } from '../api/errors';
import { toast } from '../toast/toastStore';
import { formatPercent } from '../i18n/format';
import { observationSettingsQuery, refreshObservations, storeFinding } from './queries';

export function useResolveFinding(sessionId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (findingId: number) =>
      call(api.resolveFinding, { params: { id: sessionId, findingId } }),
    onSuccess: async (finding) => {
      storeFinding(queryClient, sessionId, finding);
      toast({ title: t('observations.finding.resolvedToast') });
      await refreshObservations(queryClient);
    },
    onError: (error) =>
      toast(
        failureToast(
          t('observations.session.error'),
          error,
          t('observations.finding.resolveFailed'),
        ),
      ),
  });
}

export function useSavePassMark() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (passMark: number) => call(api.saveObservationSettings, { body: { passMark } }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(observationSettingsQuery.queryKey, saved);
      toast({
        title: t('observations.passMark.updated'),
        description: t('observations.passMark.updatedDescription', {
          passMark: formatPercent(saved.passMark),
        }),
      });
      await refreshObservations(queryClient);
    },
    onError: (error) =>
      toast(
        failureToast(
          t('observations.passMark.updateFailedTitle'),
          error,
          t('observations.passMark.updateFailed'),
        ),
      ),
  });
}

/** Starts an observation and opens its live session. */
export function useStartObservation(onDone: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: CreateObservationRequest) => call(api.createObservation, { body }),
    onSuccess: async (created) => {
      toast({
        title: t('observations.start.started'),
        description: t('observations.start.observing', { name: created.operatorName }),
      });
      onDone();
      await refreshObservations(queryClient);
      await navigate({ to: '/observation/$id', params: { id: String(created.id) } });
    },
    // Spec section 8: 'Error' with the server's message, or 'Failed to create observation'.
    onError: (error) =>
      toast(failureToast(t('observations.session.error'), error, t('observations.start.failed'))),
  });
}
