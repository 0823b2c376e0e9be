import { type Certification } from '@hub/proto';
import { api } from '../api/routes';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { useContractMutation } from '../api/useContractMutation';
import { certificationListsKey } from './queries';

export function useRevokeCertification(onRevoked: () => void) {
  const { t } = useTranslation();
  return useContractMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }): Promise<Certification> =>
      call(api.revokeCertification, { params: { id }, body: { reason } }),
    invalidates: [certificationListsKey],
    success: () => ({ title: t('certifications.revokeDialog.done') }),
    onSuccess: onRevoked,
    failure: {
      title: t('certifications.revokeDialog.failedTitle'),
      fallback: t('certifications.revokeDialog.failedDescription'),
    },
  });
}
