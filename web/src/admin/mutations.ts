import {
  type AdminOrganization,
  type CreateOrganizationRequest,
  type CreateUserRequest,
  type GlobalPrompts,
  type User,
} from '@hub/proto';
import { api } from '../api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { failureToast } from '../api/errors';
import { uploadProfilePicture } from '../api/upload';
import { toast } from '../toast/toastStore';
import { createUserToast, pictureUploadFailureToast, resendToast } from './adminText';
import { promptsQuery, refreshAdminData } from './queries';

/** The picture upload failed: the user is not created, and the toast names the upload. */
class PictureUploadError extends Error {
  constructor(readonly reason: unknown) {
    super('Profile picture upload failed');
  }
}

export function useCreateOrganization(onCreated: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrganizationRequest) => call(api.createOrganization, { body }),
    onSuccess: async (organization) => {
      toast({
        title: t('admin.createOrganization.created'),
        description: t('admin.createOrganization.createdDescription', {
          name: organization.displayName,
        }),
      });
      onCreated();
      await refreshAdminData(queryClient);
    },
    onError: (error) =>
      toast(failureToast(t('admin.error'), error, t('admin.createOrganization.failed'))),
  });
}

/** Uploads the picture first, if one is given, then creates the user with it. */
export function useCreateUser(onCreated: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, file }: { body: CreateUserRequest; file: File | null }) => {
      let profilePicture: string | null = null;
      if (file) {
        try {
          profilePicture = (await uploadProfilePicture(file)).fileName;
        } catch (error) {
          throw new PictureUploadError(error);
        }
      }
      return call(api.createUser, { body: { ...body, profilePicture } });
    },
    onSuccess: async (response) => {
      toast(createUserToast(response));
      onCreated();
      await refreshAdminData(queryClient);
    },
    onError: (error) =>
      toast(
        error instanceof PictureUploadError
          ? pictureUploadFailureToast(error.reason)
          : failureToast(t('admin.error'), error, t('admin.createUser.failed')),
      ),
  });
}

export function useDeleteOrganization(organization: AdminOrganization) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.deleteOrganization, { params: { id: organization.id } }),
    onSuccess: async () => {
      toast({
        title: t('admin.organizations.deleted'),
        description: t('admin.organizations.deletedDescription', {
          name: organization.displayName,
        }),
      });
      await refreshAdminData(queryClient);
    },
    onError: (error) =>
      toast(failureToast(t('admin.deletionFailed'), error, t('admin.organizations.deleteFailed'))),
  });
}

export function useSavePrompts() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GlobalPrompts) => call(api.savePrompts, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(promptsQuery.queryKey, saved);
      toast({
        title: t('admin.prompts.saved'),
        description: t('admin.prompts.savedDescription'),
      });
    },
    onError: (error) => toast(failureToast(t('admin.error'), error, t('admin.prompts.failed'))),
  });
}

export function useResendInvitation(user: User) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () => call(api.resendInvitation, { params: { id: user.id } }),
    onSuccess: (response) => toast(resendToast(response, user.email)),
    onError: (error) => toast(failureToast(t('admin.error'), error, t('admin.users.resendFailed'))),
  });
}

export function useDeleteUser(user: User) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.deleteUser, { params: { id: user.id } }),
    onSuccess: async () => {
      toast({
        title: t('admin.users.deleted'),
        description: t('admin.users.deletedDescription', { name: user.name }),
      });
      await refreshAdminData(queryClient);
    },
    onError: (error) =>
      toast(failureToast(t('admin.deletionFailed'), error, t('admin.users.deleteFailed'))),
  });
}
