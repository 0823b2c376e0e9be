import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type UserSession } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { readableErrorMessage } from '../api/errors';
import { Badge } from '../ui/Badge';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { formatDateTime } from '../ui/dates';
import { smallDangerButtonClass, smallOutlineButtonClass } from '../ui/styles';
import { deviceParts } from './device';
import { useEndSession } from './mutations';
import { sessionsQuery } from './queries';

/** Live sessions (sign out one, or all others) and when the password last changed. */
export function SecurityCard() {
  const { t } = useTranslation();
  const sessions = useQuery(sessionsQuery);
  const end = useEndSession();
  const others = sessions.data?.sessions.filter((session) => !session.current).length ?? 0;

  return (
    <Card testId="settings-security">
      <div className="flex items-center justify-between gap-4">
        <CardTitle>{t('settings.security.title')}</CardTitle>
        {others > 0 && (
          <ConfirmDialog
            trigger={
              <button
                type="button"
                data-testid="end-other-sessions"
                className={smallDangerButtonClass}
              >
                {t('settings.security.endOthers')}
              </button>
            }
            title={t('settings.security.endOthersTitle')}
            description={t('settings.security.endOthersDescription', { count: others })}
            confirmLabel={t('settings.security.signOut')}
            onConfirm={() => end.mutate(null)}
          />
        )}
      </div>
      {sessions.isPending && <Skeleton className="mt-4 h-32" />}
      {sessions.isError && (
        <p role="alert" className="mt-4 text-sm text-red-600">
          {t('settings.security.loadFailed', { message: readableErrorMessage(sessions.error) })}
        </p>
      )}
      {sessions.data && (
        <>
          <p
            className="mt-2 text-sm text-slate-500 dark:text-slate-400"
            data-testid="password-changed"
          >
            {t('settings.security.passwordChanged', {
              when: sessions.data.passwordChangedAt
                ? formatDateTime(sessions.data.passwordChangedAt)
                : t('settings.security.notRecorded'),
            })}
          </p>
          <h3 className="mt-4 text-sm font-medium">{t('settings.security.activeSessions')}</h3>
          <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
            {sessions.data.sessions.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                busy={end.isPending}
                onEnd={() => end.mutate(session.id)}
              />
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

function SessionRow(props: { session: UserSession; busy: boolean; onEnd: () => void }) {
  const { t } = useTranslation();
  const { session } = props;
  return (
    <li
      data-testid="session-row"
      data-session-id={session.id}
      className="flex items-center gap-4 py-3"
    >
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium" title={session.device}>
          {deviceText(session.device, t)}{' '}
          {session.current && <Badge tone="green">{t('settings.security.thisDevice')}</Badge>}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t('settings.security.sessionTimes', {
            address: session.ip || t('settings.security.unknownAddress'),
            signedIn: formatDateTime(session.signedInAt),
          })}{' '}
          <span data-testid="session-last-seen">{formatDateTime(session.lastSeenAt)}</span>
        </p>
      </div>
      {!session.current && (
        <button
          type="button"
          data-testid="end-session"
          disabled={props.busy}
          onClick={props.onEnd}
          className={smallOutlineButtonClass}
        >
          {t('settings.security.signOut')}
        </button>
      )}
    </li>
  );
}

/** 'Chrome on Linux' in the language shown. */
function deviceText(userAgent: string, t: TFunction): string {
  const parts = deviceParts(userAgent);
  if (!parts) return t('settings.security.unknownDevice');
  const browser = parts.browser ?? t('settings.security.unknownBrowser');
  return parts.system
    ? t('settings.security.device', { browser, system: parts.system })
    : t('settings.security.deviceWithoutSystem', { browser });
}
