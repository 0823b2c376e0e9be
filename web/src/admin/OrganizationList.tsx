import type { AdminOrganization } from '@hub/proto';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { readableErrorMessage } from '../api/errors';
import { loadedRows } from '../api/paging';
import { useSearchText } from '../ui/useSearchText';
import { Badge } from '../ui/Badge';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { LoadMore } from '../ui/LoadMore';
import { inputClass, smallDangerButtonClass } from '../ui/styles';
import { OrganizationExportLink } from '../organization-export/OrganizationExportLink';
import { useDeleteOrganization } from './mutations';
import { adminOrganizationsQuery } from './queries';
import { useTranslation } from 'react-i18next';

/**
 * The platform's organizations, newest first, 50 at a time with Load more, or those whose name,
 * display name or domain holds what is typed: thousands of clients are never loaded at once.
 */
export function OrganizationList() {
  const { t } = useTranslation();
  const { text: searchText, setText: setSearchText, search } = useSearchText();
  const organizations = useInfiniteQuery({
    ...adminOrganizationsQuery(search),
    placeholderData: keepPreviousData,
  });
  const { rows, totalCount } = loadedRows(organizations.data?.pages, (page) => page.organizations);
  return (
    <Card>
      <CardTitle>{t('admin.organizations.title')}</CardTitle>
      <input
        type="search"
        aria-label={t('admin.organizations.search')}
        data-testid="organization-search"
        className={`${inputClass} mt-4`}
        placeholder={t('admin.organizations.searchPlaceholder')}
        value={searchText}
        maxLength={200}
        onChange={(event) => setSearchText(event.target.value)}
      />
      <div className="mt-4 space-y-3">
        {organizations.isPending && <Skeleton className="h-16" />}
        {organizations.isError && (
          <p role="alert" className="text-sm text-red-600">
            {t('admin.organizations.loadFailed', {
              message: readableErrorMessage(organizations.error),
            })}
          </p>
        )}
        {rows?.length === 0 && (
          <p className="text-sm text-slate-500" data-testid="organization-list-empty">
            {search === ''
              ? t('admin.organizations.none')
              : t('ui.emptyList.noMatchSearch', { noun: t('ui.nouns.organizations') })}
          </p>
        )}
        {rows?.map((organization) => (
          <OrganizationRow key={organization.id} organization={organization} />
        ))}
        <LoadMore
          noun="organizations"
          shown={rows?.length ?? 0}
          total={totalCount}
          hasMore={organizations.hasNextPage}
          loading={organizations.isFetchingNextPage}
          onLoadMore={() => void organizations.fetchNextPage()}
        />
      </div>
    </Card>
  );
}

function OrganizationRow({ organization }: { organization: AdminOrganization }) {
  const { t } = useTranslation();
  const remove = useDeleteOrganization(organization);

  return (
    <div
      data-testid="organization-row"
      data-organization={organization.name}
      className="flex flex-col gap-3 rounded-md border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium [overflow-wrap:anywhere]">{organization.displayName}</span>
          {organization.samlEnabled ? (
            <Badge tone="blue">{t('admin.organizations.saml')}</Badge>
          ) : (
            <Badge>{t('admin.organizations.standard')}</Badge>
          )}
        </div>
        <p className="truncate text-sm text-slate-500 dark:text-slate-400">
          {organization.domain} ·{' '}
          {t('admin.organizations.users', { count: organization.userCount })}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <OrganizationExportLink organizationId={organization.id} />
        <ConfirmDialog
          title={t('admin.organizations.confirmTitle', { name: organization.displayName })}
          description={t('admin.organizations.confirmDescription', {
            name: organization.displayName,
            count: organization.userCount,
          })}
          confirmLabel={t('admin.organizations.confirm')}
          onConfirm={() => remove.mutate()}
          trigger={
            <button
              type="button"
              data-testid="delete-organization"
              disabled={remove.isPending}
              className={smallDangerButtonClass}
            >
              <Trash2 className="size-3.5" /> {t('admin.delete')}
            </button>
          }
        />
      </div>
    </div>
  );
}
