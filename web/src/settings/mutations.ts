import {
  api,
  type CreateApiTokenRequest,
  type CreatedApiToken,
  type CreatedScimToken,
  type CreateWebhookRequest,
  type NotificationSettings,
  type OrganizationSettings,
  type UserPreferences,
} from '@hub/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { settingChange } from '../activity/notifications';
import { notificationSettingsQuery } from '../activity/queries';
import { call } from '../api/client';
import { failureToast } from '../api/errors';
import { toast } from '../toast/toastStore';
import {
  apiTokensQuery,
  organizationSettingsQuery,
  preferencesQuery,
  scimTokensQuery,
  sessionsQuery,
  webhookDeliveriesQuery,
  webhooksQuery,
} from './queries';

export function useSavePreferences() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserPreferences) => call(api.updateUserPreferences, { body }),
    onSuccess: (preferences) => {
      queryClient.setQueryData(preferencesQuery.queryKey, preferences);
      toast({
        title: t('settings.preferences.savedTitle'),
        description: t('settings.preferences.savedDescription'),
      });
    },
    onError: (error) =>
      toast(
        failureToast(
          t('settings.preferences.failedTitle'),
          error,
          t('settings.preferences.failedDescription'),
        ),
      ),
  });
}

export function useSaveOrganizationSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizationSettings) => call(api.updateOrganizationSettings, { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(organizationSettingsQuery.queryKey, answer);
      // The administrator's own page follows the new default when they chose no language.
      void queryClient.invalidateQueries({ queryKey: preferencesQuery.queryKey });
      toast({
        title: t('settings.organization.savedTitle'),
        description: t('settings.organization.savedDescription'),
      });
    },
    onError: (error) =>
      toast(
        failureToast(
          t('settings.organization.failedTitle'),
          error,
          t('settings.organization.failedDescription'),
        ),
      ),
  });
}

/** One delivery channel on or off, from Settings' Notifications card. */
export function useChangeChannel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: keyof NotificationSettings; value: boolean }) =>
      call(api.changeNotificationSetting, { body: settingChange(key, value) }),
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationSettingsQuery.queryKey, saved);
      toast({
        title: t('settings.notifications.savedTitle'),
        description: t('settings.notifications.savedDescription'),
      });
    },
    onError: (error) =>
      toast(
        failureToast(
          t('settings.notifications.failedTitle'),
          error,
          t('settings.notifications.failedDescription'),
        ),
      ),
  });
}

/** Ends one session (its id) or every other one (null). */
export function useEndSession() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      id ? call(api.endUserSession, { params: { id } }) : call(api.endOtherUserSessions),
    onSuccess: ({ message }) =>
      toast({ title: t('settings.security.updatedTitle'), description: message }),
    onError: (error) =>
      toast(
        failureToast(
          t('settings.security.failedTitle'),
          error,
          t('settings.security.failedDescription'),
        ),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

export function useCreateApiToken(onCreated: (answer: CreatedApiToken) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenRequest) => call(api.createApiToken, { body }),
    onSuccess: onCreated,
    onError: (error) =>
      toast(
        failureToast(t('tokens.notCreatedTitle'), error, t('tokens.api.notCreatedDescription')),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQuery.queryKey }),
  });
}

export function useRevokeApiToken() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(api.revokeApiToken, { params: { id } }),
    onSuccess: ({ message }) => toast({ title: t('tokens.revokedTitle'), description: message }),
    onError: (error) =>
      toast(
        failureToast(t('tokens.revokeFailedTitle'), error, t('tokens.api.revokeFailedDescription')),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQuery.queryKey }),
  });
}

export function useCreateScimToken(onCreated: (answer: CreatedScimToken) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenName: string) => call(api.createScimToken, { body: { name: tokenName } }),
    onSuccess: onCreated,
    onError: (error) =>
      toast(
        failureToast(t('tokens.notCreatedTitle'), error, t('tokens.scim.notCreatedDescription')),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scimTokensQuery.queryKey }),
  });
}

export function useRevokeScimToken() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(api.revokeScimToken, { params: { id } }),
    onSuccess: ({ message }) => toast({ title: t('tokens.revokedTitle'), description: message }),
    onError: (error) =>
      toast(
        failureToast(
          t('tokens.revokeFailedTitle'),
          error,
          t('tokens.scim.revokeFailedDescription'),
        ),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scimTokensQuery.queryKey }),
  });
}

export function useCreateWebhook(onCreated: (secret: string) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookRequest) => call(api.createWebhook, { body }),
    onSuccess: (answer) => onCreated(answer.secret),
    onError: (error) =>
      toast(
        failureToast(
          t('settings.webhooks.addFailedTitle'),
          error,
          t('settings.webhooks.addFailedDescription'),
        ),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey }),
  });
}

/** A webhook's actions: test event, secret rotation, enabling again, removal. */
export function useWebhookActions(
  webhook: { id: number; url: string },
  handlers: { onTested: () => void; onSecret: (secret: string) => void },
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey });
  const failed = (title: string, fallback: string) => (error: Error) =>
    toast(failureToast(title, error, fallback));
  const test = useMutation({
    mutationFn: () => call(api.testWebhook, { params: { id: webhook.id } }),
    onSuccess: ({ message }) => {
      toast({ title: t('settings.webhooks.testSentTitle'), description: message });
      handlers.onTested();
      void queryClient.invalidateQueries({
        queryKey: webhookDeliveriesQuery(webhook.id).queryKey,
      });
    },
    onError: failed(
      t('settings.webhooks.testFailedTitle'),
      t('settings.webhooks.testFailedDescription'),
    ),
  });
  const rotate = useMutation({
    mutationFn: () => call(api.rotateWebhookSecret, { params: { id: webhook.id } }),
    onSuccess: (answer) => handlers.onSecret(answer.secret),
    onError: failed(
      t('settings.webhooks.rotateFailedTitle'),
      t('settings.webhooks.rotateFailedDescription'),
    ),
    onSettled: refresh,
  });
  const enable = useMutation({
    mutationFn: () => call(api.enableWebhook, { params: { id: webhook.id } }),
    onSuccess: () =>
      toast({ title: t('settings.webhooks.enabledTitle'), description: webhook.url }),
    onError: failed(
      t('settings.webhooks.enableFailedTitle'),
      t('settings.webhooks.enableFailedDescription'),
    ),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: () => call(api.deleteWebhook, { params: { id: webhook.id } }),
    onSuccess: ({ message }) =>
      toast({ title: t('settings.webhooks.removedTitle'), description: message }),
    onError: failed(
      t('settings.webhooks.removeFailedTitle'),
      t('settings.webhooks.removeFailedDescription'),
    ),
    onSettled: refresh,
  });
  return { test, rotate, enable, remove };
}

export function useReplayDelivery(webhookId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) =>
      call(api.replayWebhookDelivery, { params: { id: webhookId, deliveryId } }),
    onSuccess: ({ message }) =>
      toast({ title: t('settings.webhooks.replayedTitle'), description: message }),
    onError: (error) =>
      toast(
        failureToast(
          t('settings.webhooks.replayFailedTitle'),
          error,
          t('settings.webhooks.replayFailedDescription'),
        ),
      ),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesQuery(webhookId).queryKey }),
  });
}
