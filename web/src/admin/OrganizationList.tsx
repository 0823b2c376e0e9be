import type { AdminOrganization } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { readableErrorMessage } from '../api/errors';
import { Badge } from '../ui/Badge';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { smallDangerButtonClass } from '../ui/styles';
import { OrganizationExportLink } from '../organization-export/OrganizationExportLink';
import { useDeleteOrganization } from './mutations';
import { adminOrganizationsQuery } from './queries';
import { useTranslation } from 'react-i18next';

export function OrganizationList() {
  const { t } = useTranslation();
  const organizations = useQuery(adminOrganizationsQuery);
  return (
    <Card>
      <CardTitle>{t('admin.organizations.title')}</CardTitle>
      <div className="mt-4 space-y-3">
        {organizations.isPending && <Skeleton className="h-16" />}
        {organizations.isError && (
          <p role="alert" className="text-sm text-red-600">
            {t('admin.organizations.loadFailed', {
              message: readableErrorMessage(organizations.error),
            })}
          </p>
        )}
        {organizations.data?.length === 0 && (
          <p className="text-sm text-slate-500">{t('admin.organizations.none')}</p>
        )}
        {organizations.data?.map((organization) => (
          <OrganizationRow key={organization.id} organization={organization} />
        ))}
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
