import { api } from '../api/routes';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { failureToast } from '../api/errors';
import { uploadProfilePicture } from '../api/upload';
import { toast } from '../toast/toastStore';
import type { PasswordDraft, ProfileDraft } from './profileForm';
import { useSetCurrentUser } from './useSetCurrentUser';

export function useChangePassword(onChanged: () => void) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (body: PasswordDraft) => call(api.changePassword, { body }),
    onSuccess: () => {
      toast({
        title: t('profile.password.updated'),
        description: t('profile.password.updatedDescription'),
      });
      onChanged();
    },
    onError: (error) =>
      toast(failureToast(t('profile.updateFailed'), error, t('profile.password.failed'))),
  });
}

/** Name and email; a changed email is confirmed by mail first, and the toast says so. */
export function useUpdateProfile() {
  const { t } = useTranslation();
  const setCurrentUser = useSetCurrentUser();
  return useMutation({
    mutationFn: (body: ProfileDraft) => call(api.updateProfile, { body }),
    onSuccess: async (updated, body) => {
      if (updated.email !== body.email) {
        toast({
          title: t('profile.details.confirmEmail'),
          description: t('profile.details.confirmEmailSent', { email: body.email }),
        });
      } else {
        toast({
          title: t('profile.details.updated'),
          description: t('profile.details.updatedDescription'),
        });
      }
      await setCurrentUser(updated);
    },
    onError: (error) =>
      toast(failureToast(t('profile.updateFailed'), error, t('profile.details.failed'))),
  });
}

/** Uploads the picture, then makes it the user's. */
export function useChangeProfilePicture() {
  const { t } = useTranslation();
  const setCurrentUser = useSetCurrentUser();
  return useMutation({
    mutationFn: async (file: File) => {
      const { fileName } = await uploadProfilePicture(file);
      return call(api.changeProfilePicture, { body: { fileName } });
    },
    onSuccess: async (updated) => {
      toast({
        title: t('profile.picture.updated'),
        description: t('profile.picture.updatedDescription'),
      });
      await setCurrentUser(updated);
    },
    onError: () =>
      toast({
        title: t('profile.picture.uploadFailed'),
        description: t('profile.picture.uploadFailedDescription'),
        variant: 'destructive',
      }),
  });
}
