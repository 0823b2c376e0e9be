import { type Organization, type User } from '@hub/proto';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { loadedRows } from '../api/paging';
import { i18n } from '../i18n/i18n';
import { toast } from '../toast/toastStore';
import { LoadMore } from '../ui/LoadMore';
import { Card, CardTitle } from '../ui/Card';
import { smallButtonClass } from '../ui/styles';
import { formatDate, formatDateTime } from '../ui/dates';
import { authType } from './adminText';
import { dataPanelOrganizationsQuery, dataPanelUsersQuery } from './queries';
import { SuperAdminOnly } from './SuperAdminOnly';
import { formatNumber } from '../i18n/format';
import { useTranslation } from 'react-i18next';

export function DataPanelPage() {
  return (
    <SuperAdminOnly>
      <DataPanel />
    </SuperAdminOnly>
  );
}

function DataPanel() {
  const { t } = useTranslation();
  const users = useInfiniteQuery(dataPanelUsersQuery);
  const organizations = useInfiniteQuery(dataPanelOrganizationsQuery);
  const failed = users.isError || organizations.isError;
  const refreshing = users.isFetching || organizations.isFetching;

  useEffect(() => {
    if (failed) {
      toast({
        // i18n.t, not the hook's t: a change of language must not tell the failure again.
        title: i18n.t('admin.error'),
        description: i18n.t('admin.data.loadFailed'),
        variant: 'destructive',
      });
    }
    // Each failed load or refresh tells once.
  }, [failed, users.errorUpdatedAt, organizations.errorUpdatedAt]);

  const refresh = () => void Promise.all([users.refetch(), organizations.refetch()]);
  const { rows: loadedUsers, totalCount: userCount } = loadedRows(
    users.data?.pages,
    (page) => page.users,
  );
  const userList = loadedUsers ?? [];
  const activeUsers = users.data?.pages[users.data.pages.length - 1]?.activeCount ?? 0;
  const { rows: loadedOrganizations, totalCount: organizationCount } = loadedRows(
    organizations.data?.pages,
    (page) => page.organizations,
  );
  const organizationList = loadedOrganizations ?? [];

  return (
    <div data-testid="data-panel" className="mx-auto max-w-7xl space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Link
            to="/admin"
            className="mb-1 inline-flex items-center gap-1 text-sm text-slate-500 hover:underline"
          >
            <ArrowLeft className="size-3.5" /> {t('admin.data.back')}
          </Link>
          <h1 className="text-2xl font-bold">{t('admin.data.title')}</h1>
        </div>
        <button type="button" onClick={refresh} disabled={refreshing} className={smallButtonClass}>
          <RefreshCw className={refreshing ? 'size-4 animate-spin' : 'size-4'} />{' '}
          {t('admin.data.refresh')}
        </button>
      </header>
      <div className="grid gap-4 md:grid-cols-3">
        <Count testId="count-users" title={t('admin.data.users')} value={userCount} />
        <Count
          testId="count-organizations"
          title={t('admin.data.organizations')}
          value={organizationCount}
        />
        <Count
          testId="count-active-users"
          title={t('admin.data.activeUsers')}
          value={activeUsers}
        />
      </div>
      <OrganizationsTable organizations={organizationList} />
      <LoadMore
        noun="organizations"
        shown={organizationList.length}
        total={organizationCount}
        hasMore={organizations.hasNextPage}
        loading={organizations.isFetchingNextPage}
        onLoadMore={() => void organizations.fetchNextPage()}
      />
      <UsersTable users={userList} />
      <LoadMore
        noun="users"
        shown={userList.length}
        total={userCount}
        hasMore={users.hasNextPage}
        loading={users.isFetchingNextPage}
        onLoadMore={() => void users.fetchNextPage()}
      />
    </div>
  );
}

function Count({ title, value, testId }: { title: string; value: number; testId: string }) {
  return (
    <Card testId={testId}>
      <h2 className="text-sm font-medium text-slate-600 dark:text-slate-300">{title}</h2>
      <p className="mt-2 text-3xl font-bold">{formatNumber(value)}</p>
    </Card>
  );
}

function Table({ headers, children }: { headers: string[]; children: ReactNode }) {
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase dark:border-slate-800 dark:text-slate-400">
          <tr>
            {headers.map((header) => (
              <th key={header} className="px-2 py-2 align-bottom font-medium">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">{children}</tbody>
      </table>
    </div>
  );
}

const cell = 'px-2 py-2 align-top';

function OrganizationsTable({ organizations }: { organizations: Organization[] }) {
  const { t } = useTranslation();
  return (
    <Card testId="organizations-table">
      <CardTitle>{t('admin.data.organizations')}</CardTitle>
      <Table
        headers={(['id', 'name', 'domain', 'auth0Id', 'saml', 'created'] as const).map((column) =>
          t(`admin.data.columns.${column}`),
        )}
      >
        {organizations.map((organization) => (
          <tr key={organization.id}>
            <td className={cell}>{organization.id}</td>
            <td className={cell}>
              <div className="font-medium">{organization.displayName}</div>
              <div className="text-xs text-slate-500">{organization.name}</div>
            </td>
            <td className={cell}>{organization.domain}</td>
            <td className={`${cell} font-mono text-xs`}>{organization.auth0OrgId ?? '—'}</td>
            <td className={cell}>
              {organization.samlEnabled ? t('admin.data.enabled') : t('admin.data.disabled')}
            </td>
            <td className={cell}>{formatDate(organization.createdAt)}</td>
          </tr>
        ))}
      </Table>
    </Card>
  );
}

function UsersTable({ users }: { users: User[] }) {
  const { t } = useTranslation();
  // Each user's own organization name: the loaded organizations are only the newest pages.
  const organizationName = (user: User) => user.organizationName || `#${user.organizationId}`;
  return (
    <Card testId="users-table">
      <CardTitle>{t('admin.data.users')}</CardTitle>
      <Table
        headers={(
          [
            'id',
            'email',
            'name',
            'organization',
            'role',
            'authType',
            'lastLogin',
            'created',
          ] as const
        ).map((column) => t(`admin.data.columns.${column}`))}
      >
        {users.map((user) => (
          <tr key={user.id}>
            <td className={cell}>{user.id}</td>
            {/* May break anywhere: the longer headers of Spanish and French still fit 1280 px. */}
            <td className={`${cell} [overflow-wrap:anywhere]`}>{user.email}</td>
            <td className={`${cell} [overflow-wrap:anywhere]`}>{user.name}</td>
            <td className={cell}>{organizationName(user)}</td>
            <td className={cell}>{t(`roles.${user.role}`)}</td>
            <td className={cell}>{t(`admin.data.auth.${authType(user)}`)}</td>
            <td className={cell}>{formatDateTime(user.lastLogin)}</td>
            <td className={cell}>{formatDate(user.createdAt)}</td>
          </tr>
        ))}
      </Table>
    </Card>
  );
}
