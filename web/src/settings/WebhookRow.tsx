import type { WebhookView } from '@hub/proto';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readableFailureReason } from '../api/failure-reason';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { formatDateTime } from '../ui/dates';
import { smallButtonClass, smallDangerButtonClass, smallOutlineButtonClass } from '../ui/styles';
import { useWebhookActions } from './mutations';
import { useEventName } from './webhookEvents';
import { WebhookDeliveries } from './WebhookDeliveries';

/** One endpoint: its events and state, its actions, and its delivery log when opened. */
export function WebhookRow(props: { webhook: WebhookView; onSecret: (secret: string) => void }) {
  const { t } = useTranslation();
  const eventName = useEventName();
  const { webhook } = props;
  const [open, setOpen] = useState(false);
  // A disabled endpoint fails every delivery unsent: sending is not offered, and the row says why.
  const unsendableId = useId();
  const unsendable = webhook.enabled
    ? null
    : { id: unsendableId, reason: t('settings.webhooks.enableToSend') };
  const { test, rotate, enable, remove } = useWebhookActions(webhook, {
    onTested: () => setOpen(true),
    onSecret: props.onSecret,
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
              {t('settings.webhooks.disabled', {
                reason: readableFailureReason(webhook.disabledReason ?? ''),
              })}
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
          disabled={test.isPending || unsendable !== null}
          title={unsendable?.reason}
          aria-describedby={unsendable?.id}
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
      {unsendable && (
        <p id={unsendable.id} className="text-xs text-slate-500 dark:text-slate-400">
          {unsendable.reason}
        </p>
      )}
      {open && <WebhookDeliveries webhookId={webhook.id} unsendable={unsendable} />}
    </li>
  );
}
