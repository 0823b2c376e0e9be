import { type MessageResponse } from '@hub/proto';
import { api } from '../api/routes';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { postForm } from '../api/upload';
import { toast } from '../toast/toastStore';
import { setupFailureToast, type InvitationParams } from './invitation';
import { useSetupDone } from './useSetupDone';

async function submitSetup(params: InvitationParams, password: string, photo: File) {
  const form = new FormData();
  form.append('token', params.token);
  form.append('email', params.email);
  form.append('password', password);
  form.append(api.setupPasswordWithProfile.upload?.fileField ?? 'file', photo);
  return (await postForm(api.setupPasswordWithProfile.path, form)) as MessageResponse;
}

/** Sets the password of an invited user whose picture is already on file. */
export function useSetupPassword(params: InvitationParams) {
  const { t } = useTranslation();
  const finish = useSetupDone();
  return useMutation({
    mutationFn: (password: string) => call(api.setupPassword, { body: { ...params, password } }),
    onSuccess: () => {
      toast({
        title: t('invitation.passwordSetTitle'),
        description: t('invitation.passwordSetDescription'),
      });
      finish();
    },
    onError: (error) => toast(setupFailureToast('password', error)),
  });
}

/** Sets the password and uploads the profile picture in one request. */
export function useSetupWithProfile(params: InvitationParams) {
  const { t } = useTranslation();
  const finish = useSetupDone();
  return useMutation({
    mutationFn: ({ password, photo }: { password: string; photo: File }) =>
      submitSetup(params, password, photo),
    onSuccess: () => {
      toast({
        title: t('invitation.setupCompleteTitle'),
        description: t('invitation.setupCompleteDescription'),
      });
      finish();
    },
    onError: (error) => toast(setupFailureToast('profile', error)),
  });
}
