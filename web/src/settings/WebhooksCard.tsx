import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@hub/proto';
import { useForm } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readableErrorMessage } from '../api/errors';
import { submitForm } from '../forms/contractForm';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { inputClass, smallButtonClass } from '../ui/styles';
import { useCreateWebhook } from './mutations';
import { webhooksQuery } from './queries';
import { SecretShownOnce } from './SecretShownOnce';
import { useEventName } from './webhookEvents';
import { WebhookRow } from './WebhookRow';

interface Draft {
  url: string;
  events: WebhookEventType[];
}

const EMPTY: Draft = { url: '', events: [] };

/** The events chosen, with `type` added or taken out. */
const toggled = (events: WebhookEventType[], type: WebhookEventType, on: boolean) =>
  on ? [...events, type] : events.filter((event) => event !== type);

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
  const webhooks = useQuery(webhooksQuery);
  const [secret, setSecret] = useState<{ title: string; secret: string } | null>(null);
  const create = useCreateWebhook((shown) => {
    setSecret({ title: t('settings.webhooks.secretOnce'), secret: shown });
    form.reset();
  });
  // The server checks the address (and says why it refused); the button waits for an address
  // and an event.
  const form = useForm({
    defaultValues: EMPTY,
    onSubmit: ({ value }) => create.mutate(value),
  });

  return (
    <Card testId="settings-webhooks">
      <CardTitle>{t('settings.webhooks.title')}</CardTitle>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
        {t('settings.webhooks.intro')}
      </p>
      <form onSubmit={submitForm(form)} className="mt-4 space-y-3">
        <form.Field name="url">
          {(field) => (
            <label className="block text-sm">
              {t('settings.webhooks.url')}
              <input
                data-testid="webhook-url"
                type="url"
                className={`${inputClass} mt-1`}
                placeholder={t('settings.webhooks.urlPlaceholder')}
                maxLength={2000}
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
              />
            </label>
          )}
        </form.Field>
        <form.Field name="events">
          {(field) => (
            <fieldset className="text-sm">
              <legend>{t('settings.webhooks.events')}</legend>
              <div className="mt-1 grid gap-1 sm:grid-cols-2">
                {WEBHOOK_EVENT_TYPES.map((type) => (
                  <label key={type} className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      data-testid={`webhook-event-${type}`}
                      checked={field.state.value.includes(type)}
                      onChange={(event) =>
                        field.handleChange(toggled(field.state.value, type, event.target.checked))
                      }
                    />
                    {eventName(type)}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        </form.Field>
        <form.Subscribe
          selector={(state) => state.values.url.trim() !== '' && state.values.events.length > 0}
        >
          {(complete) => (
            <button
              type="submit"
              data-testid="webhook-create"
              disabled={create.isPending || !complete}
              className={smallButtonClass}
            >
              {t('settings.webhooks.add')}
            </button>
          )}
        </form.Subscribe>
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
