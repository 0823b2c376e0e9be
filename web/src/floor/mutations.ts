import { type FloorPrivacyRequest } from '@hub/proto';
import { api } from '../api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { failureToast } from '../api/errors';
import { toast } from '../toast/toastStore';
import { floorLayoutQuery } from './queries';
import { refreshQueries } from '../api/refresh';

export function useSaveFloorPrivacy() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FloorPrivacyRequest) => call(api.updateFloorPrivacy, { body }),
    onSuccess: async () => {
      await refreshQueries(queryClient, floorLayoutQuery.queryKey);
      toast({
        title: t('floor.privacy.saved'),
        description: t('floor.privacy.savedDescription'),
      });
    },
    onError: (error) =>
      toast(failureToast(t('floor.privacy.saveFailedTitle'), error, t('floor.privacy.saveFailed'))),
  });
}
