import {
  type CreateApiTokenRequest,
  type CreatedApiToken,
  type CreatedScimToken,
  type CreateWebhookRequest,
  type NotificationSettings,
  type OrganizationSettings,
  type UserPreferences,
} from '@hub/proto';
import { api } from '../api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { settingChange } from '../activity/notifications';
import { notificationSettingsQuery } from '../activity/queries';
import { call } from '../api/client';
import { failureToast } from '../api/errors';
import { useContractMutation } from '../api/useContractMutation';
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
import { refreshQueries } from '../api/refresh';

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
      void refreshQueries(queryClient, preferencesQuery.queryKey);
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
  return useContractMutation({
    mutationFn: (id: string | null) =>
      id ? call(api.endUserSession, { params: { id } }) : call(api.endOtherUserSessions),
    success: ({ message }) => ({
      title: t('settings.security.updatedTitle'),
      description: message,
    }),
    failure: {
      title: t('settings.security.failedTitle'),
      fallback: t('settings.security.failedDescription'),
    },
    invalidates: [sessionsQuery.queryKey],
  });
}

export function useCreateApiToken(onCreated: (answer: CreatedApiToken) => void) {
  const { t } = useTranslation();
  return useContractMutation({
    mutationFn: (body: CreateApiTokenRequest) => call(api.createApiToken, { body }),
    onSuccess: onCreated,
    failure: {
      title: t('tokens.notCreatedTitle'),
      fallback: t('tokens.api.notCreatedDescription'),
    },
    invalidates: [apiTokensQuery.queryKey],
  });
}

export function useRevokeApiToken() {
  const { t } = useTranslation();
  return useContractMutation({
    mutationFn: (id: number) => call(api.revokeApiToken, { params: { id } }),
    success: ({ message }) => ({ title: t('tokens.revokedTitle'), description: message }),
    failure: {
      title: t('tokens.revokeFailedTitle'),
      fallback: t('tokens.api.revokeFailedDescription'),
    },
    invalidates: [apiTokensQuery.queryKey],
  });
}

export function useCreateScimToken(onCreated: (answer: CreatedScimToken) => void) {
  const { t } = useTranslation();
  return useContractMutation({
    mutationFn: (tokenName: string) => call(api.createScimToken, { body: { name: tokenName } }),
    onSuccess: onCreated,
    failure: {
      title: t('tokens.notCreatedTitle'),
      fallback: t('tokens.scim.notCreatedDescription'),
    },
    invalidates: [scimTokensQuery.queryKey],
  });
}

export function useRevokeScimToken() {
  const { t } = useTranslation();
  return useContractMutation({
    mutationFn: (id: number) => call(api.revokeScimToken, { params: { id } }),
    success: ({ message }) => ({ title: t('tokens.revokedTitle'), description: message }),
    failure: {
      title: t('tokens.revokeFailedTitle'),
      fallback: t('tokens.scim.revokeFailedDescription'),
    },
    invalidates: [scimTokensQuery.queryKey],
  });
}

export function useCreateWebhook(onCreated: (secret: string) => void) {
  const { t } = useTranslation();
  return useContractMutation({
    mutationFn: (body: CreateWebhookRequest) => call(api.createWebhook, { body }),
    onSuccess: (answer) => onCreated(answer.secret),
    failure: {
      title: t('settings.webhooks.addFailedTitle'),
      fallback: t('settings.webhooks.addFailedDescription'),
    },
    invalidates: [webhooksQuery.queryKey],
  });
}

/** A webhook's actions: test event, secret rotation, enabling again, removal. */
export function useWebhookActions(
  webhook: { id: number; url: string },
  handlers: { onTested: () => void; onSecret: (secret: string) => void },
) {
  const { t } = useTranslation();
  const failure = (action: 'test' | 'rotate' | 'enable' | 'remove') => ({
    title: t(`settings.webhooks.${action}FailedTitle`),
    fallback: t(`settings.webhooks.${action}FailedDescription`),
  });
  const params = { id: webhook.id };
  const test = useContractMutation({
    mutationFn: () => call(api.testWebhook, { params }),
    success: ({ message }) => ({
      title: t('settings.webhooks.testSentTitle'),
      description: message,
    }),
    onSuccess: handlers.onTested,
    failure: failure('test'),
    invalidates: (_, sent) => (sent ? [webhookDeliveriesQuery(webhook.id).queryKey] : []),
  });
  const rotate = useContractMutation({
    mutationFn: () => call(api.rotateWebhookSecret, { params }),
    onSuccess: (answer) => handlers.onSecret(answer.secret),
    failure: failure('rotate'),
    invalidates: [webhooksQuery.queryKey],
  });
  const enable = useContractMutation({
    mutationFn: () => call(api.enableWebhook, { params }),
    success: () => ({ title: t('settings.webhooks.enabledTitle'), description: webhook.url }),
    failure: failure('enable'),
    invalidates: [webhooksQuery.queryKey],
  });
  const remove = useContractMutation({
    mutationFn: () => call(api.deleteWebhook, { params }),
    success: ({ message }) => ({
      title: t('settings.webhooks.removedTitle'),
      description: message,
    }),
    failure: failure('remove'),
    invalidates: [webhooksQuery.queryKey],
  });
  return { test, rotate, enable, remove };
}

export function useReplayDelivery(webhookId: number) {
  const { t } = useTranslation();
  return useContractMutation({
    mutationFn: (deliveryId: number) =>
      call(api.replayWebhookDelivery, { params: { id: webhookId, deliveryId } }),
    success: ({ message }) => ({
      title: t('settings.webhooks.replayedTitle'),
      description: message,
    }),
    failure: {
      title: t('settings.webhooks.replayFailedTitle'),
      fallback: t('settings.webhooks.replayFailedDescription'),
    },
    invalidates: [webhookDeliveriesQuery(webhookId).queryKey],
  });
}
