import { useInfiniteQuery } from '@tanstack/react-query';
import { loadedRows } from '../api/paging';
import { ROLES, type Role } from '@hub/proto';
import { Badge } from '../ui/Badge';
import { Card } from '../ui/Card';
import { formatDateTime } from '../ui/dates';
import { LoadMore } from '../ui/LoadMore';
import { Spinner } from '../ui/Spinner';
import { auditAction, auditActor, auditOutcome } from './format';
import { auditLogQuery } from './queries';
import { useTranslation } from 'react-i18next';

/**
 * /audit-log: security-relevant actions (sign-ins and failures, invitations, deletions, SAML and
 * integration settings), newest first. Super administrators see every organization's entries,
 * administrators their own organization's.
 */
export function AuditLogPage() {
  const { t } = useTranslation();
  const log = useInfiniteQuery(auditLogQuery);
  const { rows, totalCount } = loadedRows(log.data?.pages, (page) => page.entries);

  return (
    <div data-testid="audit-log-page" className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold">{t('audit.title')}</h1>
        <p className="text-slate-500 dark:text-slate-400">{t('audit.subtitle')}</p>
      </header>
      <Card testId="audit-log">
        {log.isPending && (
          <div className="flex justify-center py-12">
            <Spinner />
          </div>
        )}
        {log.isError && (
          <p role="alert" className="text-sm text-red-600">
            {t('audit.loadFailed')}
          </p>
        )}
        {rows?.length === 0 && (
          <p className="py-8 text-center text-slate-500">{t('audit.empty')}</p>
        )}
        {rows && rows.length > 0 && (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-slate-500">
                <tr>
                  <th className="py-2 pr-4 font-medium">{t('audit.when')}</th>
                  <th className="py-2 pr-4 font-medium">{t('audit.who')}</th>
                  <th className="py-2 pr-4 font-medium">{t('audit.action')}</th>
                  <th className="py-2 pr-4 font-medium">{t('audit.target')}</th>
                  <th className="py-2 pr-4 font-medium">{t('audit.result')}</th>
                  <th className="py-2 font-medium">{t('audit.source')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((entry) => (
                  <tr
                    key={entry.id}
                    data-testid="audit-entry"
                    className="border-t border-slate-200 dark:border-slate-800"
                  >
                    <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(entry.at)}</td>
                    <td className="py-2 pr-4">
                      {auditActor(entry)}
                      {entry.actorRole && (
                        <span className="block text-xs text-slate-500">
                          {isRole(entry.actorRole)
                            ? t(`roles.${entry.actorRole}`)
                            : entry.actorRole}
                        </span>
                      )}
                    </td>
                    <td className="py-2 pr-4">{auditAction(entry.action)}</td>
                    <td className="py-2 pr-4 text-slate-500">{entry.target ?? '-'}</td>
                    <td className="py-2 pr-4">
                      <Badge tone={entry.outcome === 'success' ? 'green' : 'red'}>
                        {auditOutcome(entry)}
                      </Badge>
                    </td>
                    <td className="py-2 text-slate-500" title={entry.userAgent}>
                      {entry.ip}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <LoadMore
          noun="entries"
          shown={rows?.length ?? 0}
          total={totalCount}
          hasMore={log.hasNextPage}
          loading={log.isFetchingNextPage}
          onLoadMore={() => void log.fetchNextPage()}
        />
      </Card>
    </div>
  );
}

const isRole = (role: string): role is Role => (ROLES as readonly string[]).includes(role);
