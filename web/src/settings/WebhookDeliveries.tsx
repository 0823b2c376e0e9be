import type { WebhookDeliveryView } from '@hub/proto';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readableErrorMessage } from '../api/errors';
import { readableFailureReason } from '../api/failure-reason';
import { loadedRows } from '../api/paging';
import { Skeleton } from '../ui/Card';
import { formatDateTime } from '../ui/dates';
import { LoadMore } from '../ui/LoadMore';
import { smallOutlineButtonClass } from '../ui/styles';
import { useReplayDelivery } from './mutations';
import { webhookDeliveriesQuery } from './queries';
import { useEventName } from './webhookEvents';

const STATUS_STYLE: Record<WebhookDeliveryView['status'], string> = {
  succeeded: 'text-emerald-700 dark:text-emerald-400',
  pending: 'text-amber-700 dark:text-amber-400',
  failed: 'text-red-600',
};
/** Why nothing can be sent to the endpoint now, and the element that says so. */
export interface Unsendable {
  id: string;
  reason: string;
}

/**
 * A webhook's delivery log, newest first a page at a time, followed while open, or its failed
 * deliveries alone (a receiver down for a day leaves them among thousands); a delivery can be sent
 * again, unless the endpoint is disabled (`unsendable`: the replay would fail unsent).
 */
export function WebhookDeliveries(props: { webhookId: number; unsendable: Unsendable | null }) {
  const { t } = useTranslation();
  const [failedOnly, setFailedOnly] = useState(false);
  return (
    <div className="space-y-2">
      <label className="flex items-center gap-2 text-xs">
        <input
          type="checkbox"
          data-testid="webhook-failed-only"
          checked={failedOnly}
          onChange={(event) => setFailedOnly(event.target.checked)}
        />
        {t('settings.webhooks.failedOnly')}
      </label>
      <DeliveryLog {...props} failedOnly={failedOnly} />
    </div>
  );
}

function DeliveryLog(props: {
  webhookId: number;
  unsendable: Unsendable | null;
  failedOnly: boolean;
}) {
  const { t } = useTranslation();
  const eventName = useEventName();
  const deliveries = useInfiniteQuery(
    webhookDeliveriesQuery(props.webhookId, props.failedOnly ? 'failed' : undefined),
  );
  const replay = useReplayDelivery(props.webhookId);
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
  const { rows, totalCount } = loadedRows(deliveries.data.pages, (page) => page.deliveries);
  if (!rows?.length) {
    return (
      <p className="text-sm text-slate-500 dark:text-slate-400">
        {t(
          props.failedOnly
            ? 'settings.webhooks.noFailedDeliveries'
            : 'settings.webhooks.noDeliveries',
        )}
      </p>
    );
  }
  return (
    <div>
      <ul
        data-testid="webhook-deliveries"
        className="divide-y divide-slate-100 rounded-md border border-slate-200 text-xs dark:divide-slate-800 dark:border-slate-700"
      >
        {rows.map((delivery) => (
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
              <span className="w-full break-all text-red-600">
                {readableFailureReason(delivery.error)}
              </span>
            )}
            <code className="w-full break-all text-slate-500">{delivery.messageId}</code>
            <button
              type="button"
              data-testid="webhook-delivery-replay"
              disabled={
                replay.isPending || delivery.status === 'pending' || props.unsendable !== null
              }
              title={props.unsendable?.reason}
              aria-describedby={props.unsendable?.id}
              className={smallOutlineButtonClass}
              onClick={() => replay.mutate(delivery.id)}
            >
              {t('settings.webhooks.replay')}
            </button>
          </li>
        ))}
      </ul>
      <LoadMore
        noun="deliveries"
        shown={rows.length}
        total={totalCount}
        hasMore={deliveries.hasNextPage}
        loading={deliveries.isFetchingNextPage}
        onLoadMore={() => void deliveries.fetchNextPage()}
      />
    </div>
  );
}
