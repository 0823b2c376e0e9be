import {
  api,
  type CreatedWebhook,
  WEBHOOK_EVENT_TYPES,
  type WebhookDeliveryList,
  type WebhookDeliveryView,
  type WebhookEventType,
  type WebhookList,
  type WebhookView,
} from '@hub/proto';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveredEventType } from '@hub/proto';
import { call } from '../api/client';
import { failureToast, readableErrorMessage } from '../api/errors';
import { toast } from '../toast/toastStore';
import { SecretShownOnce } from './SecretShownOnce';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { formatDateTime } from '../ui/dates';
import {
  inputClass,
  smallButtonClass,
  smallDangerButtonClass,
  smallOutlineButtonClass,
} from '../ui/styles';

const webhooksQuery = queryOptions({
  queryKey: [api.webhooks.path],
  queryFn: ({ signal }): Promise<WebhookList> => call(api.webhooks, { signal }),
});

const deliveriesQuery = (id: number) =>
  queryOptions({
    queryKey: [api.webhookDeliveries.path, id],
    queryFn: ({ signal }): Promise<WebhookDeliveryList> =>
      call(api.webhookDeliveries, { params: { id }, signal }),
    // Deliveries are retried in the background: the log follows them while it is open.
    refetchInterval: 3000,
  });

/** Each event's name in the catalog (i18next keys cannot hold the event type's dot). */
const EVENT_KEYS = {
  'member.joined': 'memberJoined',
  'member.removed': 'memberRemoved',
  'document.processed': 'documentProcessed',
  'evaluation.published': 'evaluationPublished',
  'observation.completed': 'observationCompleted',
  'certification.issued': 'certificationIssued',
  'certification.expiring': 'certificationExpiring',
  'certification.expired': 'certificationExpired',
  'certification.revoked': 'certificationRevoked',
  'video.analysed': 'videoAnalysed',
  'webhook.test': 'webhookTest',
} as const satisfies Record<DeliveredEventType, string>;

function useEventName() {
  const { t } = useTranslation();
  return (type: DeliveredEventType) => t(`settings.webhooks.eventNames.${EVENT_KEYS[type]}`);
}

interface Draft {
  url: string;
  events: WebhookEventType[];
}

const EMPTY: Draft = { url: '', events: [] };

/**
 * The organization's webhook endpoints (Standard Webhooks): add one with its events (signing
 * secret shown once), send a test event, follow the deliveries and replay one, rotate the
 * secret, enable an endpoint again after it was disabled for failing, remove it.
 */
export function WebhooksCard(props: { role: string }) {
  if (props.role !== 'admin') return null;
  return <Webhooks />;
}

function Webhooks() {
  const { t } = useTranslation();
  const eventName = useEventName();
  const queryClient = useQueryClient();
  const webhooks = useQuery(webhooksQuery);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [secret, setSecret] = useState<{ title: string; secret: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey });
  const create = useMutation({
    mutationFn: (body: Draft) => call(api.createWebhook, { body }),
    onSuccess: (answer: CreatedWebhook) => {
      setSecret({
        title: t('settings.webhooks.secretOnce'),
        secret: answer.secret,
      });
      setDraft(EMPTY);
    },
    onError: (error) =>
      toast(
        failureToast(
          t('settings.webhooks.addFailedTitle'),
          error,
          t('settings.webhooks.addFailedDescription'),
        ),
      ),
    onSettled: refresh,
  });
  const toggle = (type: WebhookEventType, on: boolean) =>
    setDraft({
      ...draft,
      events: on ? [...draft.events, type] : draft.events.filter((event) => event !== type),
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(draft);
  };

  return (
    <Card testId="settings-webhooks">
      <CardTitle>{t('settings.webhooks.title')}</CardTitle>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
        {t('settings.webhooks.intro')}
      </p>
      <form onSubmit={submit} className="mt-4 space-y-3">
        <label className="block text-sm">
          {t('settings.webhooks.url')}
          <input
            data-testid="webhook-url"
            type="url"
            className={`${inputClass} mt-1`}
            placeholder={t('settings.webhooks.urlPlaceholder')}
            maxLength={2000}
            value={draft.url}
            onChange={(event) => setDraft({ ...draft, url: event.target.value })}
          />
        </label>
        <fieldset className="text-sm">
          <legend>{t('settings.webhooks.events')}</legend>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  data-testid={`webhook-event-${type}`}
                  checked={draft.events.includes(type)}
                  onChange={(event) => toggle(type, event.target.checked)}
                />
                {eventName(type)}
              </label>
            ))}
          </div>
        </fieldset>
        <button
          type="submit"
          data-testid="webhook-create"
          disabled={create.isPending || !draft.url.trim() || draft.events.length === 0}
          className={smallButtonClass}
        >
          {t('settings.webhooks.add')}
        </button>
      </form>
      {secret && (
        <SecretShownOnce
          testId="webhook-secret"
          valueTestId="webhook-secret-value"
          title={secret.title}
          secret={secret.secret}
          onDone={() => setSecret(null)}
        />
      )}
      {webhooks.isPending && <Skeleton className="mt-4 h-16" />}
      {webhooks.isError && (
        <p role="alert" className="mt-4 text-sm text-red-600">
          {t('settings.webhooks.loadFailed', { message: readableErrorMessage(webhooks.error) })}
        </p>
      )}
      {webhooks.data && webhooks.data.webhooks.length === 0 && (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">
          {t('settings.webhooks.none')}
        </p>
      )}
      {webhooks.data && webhooks.data.webhooks.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-100 dark:divide-slate-800">
          {webhooks.data.webhooks.map((webhook) => (
            <WebhookRow
              key={webhook.id}
              webhook={webhook}
              onChanged={refresh}
              onSecret={(shown) =>
                setSecret({
                  title: t('settings.webhooks.rotatedSecretOnce'),
                  secret: shown,
                })
              }
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

function WebhookRow(props: {
  webhook: WebhookView;
  onChanged: () => void;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const eventName = useEventName();
  const { webhook, onChanged } = props;
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const deliveries = deliveriesQuery(webhook.id);
  const refreshDeliveries = () => queryClient.invalidateQueries({ queryKey: deliveries.queryKey });
  const failed = (title: string, fallback: string) => (error: Error) =>
    toast(failureToast(title, error, fallback));
  const test = useMutation({
    mutationFn: () => call(api.testWebhook, { params: { id: webhook.id } }),
    onSuccess: ({ message }) => {
      toast({ title: t('settings.webhooks.testSentTitle'), description: message });
      setOpen(true);
      void refreshDeliveries();
    },
    onError: failed(
      t('settings.webhooks.testFailedTitle'),
      t('settings.webhooks.testFailedDescription'),
    ),
  });
  const rotate = useMutation({
    mutationFn: () => call(api.rotateWebhookSecret, { params: { id: webhook.id } }),
    onSuccess: (answer) => props.onSecret(answer.secret),
    onError: failed(
      t('settings.webhooks.rotateFailedTitle'),
      t('settings.webhooks.rotateFailedDescription'),
    ),
    onSettled: onChanged,
  });
  const enable = useMutation({
    mutationFn: () => call(api.enableWebhook, { params: { id: webhook.id } }),
    onSuccess: () =>
      toast({ title: t('settings.webhooks.enabledTitle'), description: webhook.url }),
    onError: failed(
      t('settings.webhooks.enableFailedTitle'),
      t('settings.webhooks.enableFailedDescription'),
    ),
    onSettled: onChanged,
  });
  const remove = useMutation({
    mutationFn: () => call(api.deleteWebhook, { params: { id: webhook.id } }),
    onSuccess: ({ message }) =>
      toast({ title: t('settings.webhooks.removedTitle'), description: message }),
    onError: failed(
      t('settings.webhooks.removeFailedTitle'),
      t('settings.webhooks.removeFailedDescription'),
    ),
    onSettled: onChanged,
  });
  return (
    <li data-testid="webhook-row" className="space-y-2 py-3">
      <div className="min-w-0">
        <p className="break-all text-sm font-medium">{webhook.url}</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {webhook.events.map(eventName).join(', ')}
        </p>
        <p data-testid="webhook-state" className="text-xs">
          {webhook.enabled ? (
            <span className="text-emerald-700 dark:text-emerald-400">
              {t('settings.webhooks.enabled')}
              {webhook.failingSince
                ? ` · ${t('settings.webhooks.failingSince', { when: formatDateTime(webhook.failingSince) })}`
                : ''}
            </span>
          ) : (
            <span className="text-red-600">
              {t('settings.webhooks.disabled', { reason: webhook.disabledReason ?? '' })}
            </span>
          )}
          {webhook.previousSecretValidUntil
            ? ` · ${t('settings.webhooks.previousSecretUntil', { when: formatDateTime(webhook.previousSecretValidUntil) })}`
            : ''}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          data-testid="webhook-deliveries-toggle"
          className={smallOutlineButtonClass}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? t('settings.webhooks.hideDeliveries') : t('settings.webhooks.deliveries')}
        </button>
        <button
          type="button"
          data-testid="webhook-test"
          disabled={test.isPending}
          className={smallOutlineButtonClass}
          onClick={() => test.mutate()}
        >
          {t('settings.webhooks.sendTest')}
        </button>
        {!webhook.enabled && (
          <button
            type="button"
            data-testid="webhook-enable"
            disabled={enable.isPending}
            className={smallButtonClass}
            onClick={() => enable.mutate()}
          >
            {t('settings.webhooks.enable')}
          </button>
        )}
        <ConfirmDialog
          trigger={
            <button
              type="button"
              data-testid="webhook-rotate"
              disabled={rotate.isPending}
              className={smallOutlineButtonClass}
            >
              {t('settings.webhooks.rotate')}
            </button>
          }
          title={t('settings.webhooks.rotateTitle')}
          description={t('settings.webhooks.rotateDescription')}
          confirmLabel={t('settings.webhooks.rotate')}
          onConfirm={() => rotate.mutate()}
        />
        <ConfirmDialog
          trigger={
            <button
              type="button"
              data-testid="webhook-remove"
              disabled={remove.isPending}
              className={smallDangerButtonClass}
            >
              {t('settings.webhooks.remove')}
            </button>
          }
          title={t('settings.webhooks.removeTitle')}
          description={t('settings.webhooks.removeDescription')}
          confirmLabel={t('settings.webhooks.remove')}
          onConfirm={() => remove.mutate()}
        />
      </div>
      {open && <Deliveries webhookId={webhook.id} />}
    </li>
  );
}

const STATUS_STYLE: Record<WebhookDeliveryView['status'], string> = {
  succeeded: 'text-emerald-700 dark:text-emerald-400',
  pending: 'text-amber-700 dark:text-amber-400',
  failed: 'text-red-600',
};

function Deliveries(props: { webhookId: number }) {
  const { t } = useTranslation();
  const eventName = useEventName();
  const queryClient = useQueryClient();
  const query = deliveriesQuery(props.webhookId);
  const deliveries = useQuery(query);
  const replay = useMutation({
    mutationFn: (deliveryId: number) =>
      call(api.replayWebhookDelivery, { params: { id: props.webhookId, deliveryId } }),
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: query.queryKey }),
  });
  if (deliveries.isPending) return <Skeleton className="h-10" />;
  if (deliveries.isError) {
    return (
      <p role="alert" className="text-sm text-red-600">
        {t('settings.webhooks.deliveriesLoadFailed', {
          message: readableErrorMessage(deliveries.error),
        })}
      </p>
    );
  }
  if (deliveries.data.deliveries.length === 0) {
    return (
      <p className="text-sm text-slate-500 dark:text-slate-400">
        {t('settings.webhooks.noDeliveries')}
      </p>
    );
  }
  return (
    <ul
      data-testid="webhook-deliveries"
      className="divide-y divide-slate-100 rounded-md border border-slate-200 text-xs dark:divide-slate-800 dark:border-slate-700"
    >
      {deliveries.data.deliveries.map((delivery) => (
        <li
          key={delivery.id}
          data-testid="webhook-delivery"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 p-2"
        >
          <span className="font-medium">{eventName(delivery.eventType)}</span>
          <span data-testid="webhook-delivery-status" className={STATUS_STYLE[delivery.status]}>
            {t(`settings.webhooks.status.${delivery.status}`)}
          </span>
          <span data-testid="webhook-delivery-code">
            {delivery.responseStatus === null
              ? t('settings.webhooks.noAnswer')
              : `HTTP ${delivery.responseStatus}`}
          </span>
          {delivery.responseMs !== null && (
            <span>{t('settings.webhooks.answerTime', { ms: delivery.responseMs })}</span>
          )}
          <span>{t('settings.webhooks.attempts', { attempts: delivery.attempts })}</span>
          <span className="text-slate-500 dark:text-slate-400">
            {formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt)}
          </span>
          {delivery.error && (
            <span className="w-full break-all text-red-600">{delivery.error}</span>
          )}
          <code className="w-full break-all text-slate-500">{delivery.messageId}</code>
          <button
            type="button"
            data-testid="webhook-delivery-replay"
            disabled={replay.isPending || delivery.status === 'pending'}
            className={smallOutlineButtonClass}
            onClick={() => replay.mutate(delivery.id)}
          >
            {t('settings.webhooks.replay')}
          </button>
        </li>
      ))}
    </ul>
  );
}
