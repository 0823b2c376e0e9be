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
import { call } from '../api/client';
import { failureToast } from '../api/errors';
import { toast } from '../toast/toastStore';
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

const EVENT_LABELS: Record<WebhookEventType, string> = {
  'member.joined': 'Member joined',
  'member.removed': 'Member removed',
  'document.processed': 'Document processed',
  'evaluation.published': 'Evaluation published',
  'observation.completed': 'Observation completed',
  'certification.issued': 'Certification issued',
  'certification.expiring': 'Certification expiring',
  'certification.expired': 'Certification expired',
  'certification.revoked': 'Certification revoked',
  'video.analysed': 'Video analysed',
};

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
  const queryClient = useQueryClient();
  const webhooks = useQuery(webhooksQuery);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [secret, setSecret] = useState<{ title: string; secret: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey });
  const create = useMutation({
    mutationFn: (body: Draft) => call(api.createWebhook, { body }),
    onSuccess: (answer: CreatedWebhook) => {
      setSecret({
        title: 'Copy the signing secret now: it is shown only once.',
        secret: answer.secret,
      });
      setDraft(EMPTY);
    },
    onError: (error) =>
      toast(failureToast('Webhook Not Added', error, 'The webhook could not be added.')),
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
      <CardTitle>Webhooks</CardTitle>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
        Tell your other systems when something happens: each event is POSTed to your https://
        address, signed as the Standard Webhooks specification says, and retried for a day.
      </p>
      <form onSubmit={submit} className="mt-4 space-y-3">
        <label className="block text-sm">
          Endpoint address
          <input
            data-testid="webhook-url"
            type="url"
            className={`${inputClass} mt-1`}
            placeholder="https://hr.example.com/hooks/frontline"
            maxLength={2000}
            value={draft.url}
            onChange={(event) => setDraft({ ...draft, url: event.target.value })}
          />
        </label>
        <fieldset className="text-sm">
          <legend>Events</legend>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  data-testid={`webhook-event-${type}`}
                  checked={draft.events.includes(type)}
                  onChange={(event) => toggle(type, event.target.checked)}
                />
                {EVENT_LABELS[type]}
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
          Add endpoint
        </button>
      </form>
      {secret && <ShownOnce {...secret} onDone={() => setSecret(null)} />}
      {webhooks.isPending && <Skeleton className="mt-4 h-16" />}
      {webhooks.isError && (
        <p role="alert" className="mt-4 text-sm text-red-600">
          The webhooks could not be loaded: {webhooks.error.message}
        </p>
      )}
      {webhooks.data && webhooks.data.webhooks.length === 0 && (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">No webhooks yet.</p>
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
                  title:
                    'Copy the new signing secret now: it is shown only once. The previous one keeps signing deliveries too for 24 hours.',
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

function ShownOnce(props: { title: string; secret: string; onDone: () => void }) {
  const copy = () =>
    navigator.clipboard.writeText(props.secret).then(
      () => toast({ title: 'Copied', description: 'The secret is on your clipboard.' }),
      () => toast({ title: 'Not Copied', description: 'Please select the secret and copy it.' }),
    );
  return (
    <div
      data-testid="webhook-secret"
      className="mt-4 space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950"
    >
      <p className="font-medium">{props.title}</p>
      <code data-testid="webhook-secret-value" className="block break-all">
        {props.secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={smallButtonClass} onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className={smallButtonClass} onClick={props.onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

function WebhookRow(props: {
  webhook: WebhookView;
  onChanged: () => void;
  onSecret: (secret: string) => void;
}) {
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
      toast({ title: 'Test Event Sent', description: message });
      setOpen(true);
      void refreshDeliveries();
    },
    onError: failed('Test Not Sent', 'The test event could not be sent.'),
  });
  const rotate = useMutation({
    mutationFn: () => call(api.rotateWebhookSecret, { params: { id: webhook.id } }),
    onSuccess: (answer) => props.onSecret(answer.secret),
    onError: failed('Secret Not Rotated', 'The signing secret could not be rotated.'),
    onSettled: onChanged,
  });
  const enable = useMutation({
    mutationFn: () => call(api.enableWebhook, { params: { id: webhook.id } }),
    onSuccess: () => toast({ title: 'Webhook Enabled', description: webhook.url }),
    onError: failed('Not Enabled', 'The webhook could not be enabled.'),
    onSettled: onChanged,
  });
  const remove = useMutation({
    mutationFn: () => call(api.deleteWebhook, { params: { id: webhook.id } }),
    onSuccess: ({ message }) => toast({ title: 'Webhook Removed', description: message }),
    onError: failed('Not Removed', 'The webhook could not be removed.'),
    onSettled: onChanged,
  });
  return (
    <li data-testid="webhook-row" className="space-y-2 py-3">
      <div className="min-w-0">
        <p className="break-all text-sm font-medium">{webhook.url}</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {webhook.events.map((type) => EVENT_LABELS[type]).join(', ')}
        </p>
        <p data-testid="webhook-state" className="text-xs">
          {webhook.enabled ? (
            <span className="text-emerald-700 dark:text-emerald-400">
              Enabled
              {webhook.failingSince
                ? ` · failing since ${formatDateTime(webhook.failingSince)}`
                : ''}
            </span>
          ) : (
            <span className="text-red-600">Disabled: {webhook.disabledReason}</span>
          )}
          {webhook.previousSecretValidUntil
            ? ` · previous secret valid until ${formatDateTime(webhook.previousSecretValidUntil)}`
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
          {open ? 'Hide deliveries' : 'Deliveries'}
        </button>
        <button
          type="button"
          data-testid="webhook-test"
          disabled={test.isPending}
          className={smallOutlineButtonClass}
          onClick={() => test.mutate()}
        >
          Send test event
        </button>
        {!webhook.enabled && (
          <button
            type="button"
            data-testid="webhook-enable"
            disabled={enable.isPending}
            className={smallButtonClass}
            onClick={() => enable.mutate()}
          >
            Enable again
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
              Rotate secret
            </button>
          }
          title="Rotate the signing secret?"
          description="A new secret is shown once. Deliveries are signed with both secrets for 24 hours, so your receiver can switch without missing one."
          confirmLabel="Rotate"
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
              Remove
            </button>
          }
          title="Remove this webhook?"
          description="Nothing more is sent to it, and its delivery log is deleted."
          confirmLabel="Remove"
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
  const queryClient = useQueryClient();
  const query = deliveriesQuery(props.webhookId);
  const deliveries = useQuery(query);
  const replay = useMutation({
    mutationFn: (deliveryId: number) =>
      call(api.replayWebhookDelivery, { params: { id: props.webhookId, deliveryId } }),
    onSuccess: ({ message }) => toast({ title: 'Delivery Sent Again', description: message }),
    onError: (error) =>
      toast(failureToast('Not Sent Again', error, 'The delivery could not be sent again.')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: query.queryKey }),
  });
  if (deliveries.isPending) return <Skeleton className="h-10" />;
  if (deliveries.isError) {
    return (
      <p role="alert" className="text-sm text-red-600">
        The deliveries could not be loaded: {deliveries.error.message}
      </p>
    );
  }
  if (deliveries.data.deliveries.length === 0) {
    return <p className="text-sm text-slate-500 dark:text-slate-400">No deliveries yet.</p>;
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
          <span className="font-medium">{delivery.eventType}</span>
          <span data-testid="webhook-delivery-status" className={STATUS_STYLE[delivery.status]}>
            {delivery.status}
          </span>
          <span data-testid="webhook-delivery-code">
            {delivery.responseStatus === null ? 'no answer' : `HTTP ${delivery.responseStatus}`}
          </span>
          {delivery.responseMs !== null && <span>{delivery.responseMs} ms</span>}
          <span>
            {delivery.attempts} attempt{delivery.attempts === 1 ? '' : 's'}
          </span>
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
            Replay
          </button>
        </li>
      ))}
    </ul>
  );
}
