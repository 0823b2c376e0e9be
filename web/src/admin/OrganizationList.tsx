import { api, type AdminOrganization } from '@hub/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { call } from '../api/client';
import { failureToast } from '../api/errors';
import { toast } from '../toast/toastStore';
import { Badge } from '../ui/Badge';
import { Card, CardTitle, Skeleton } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { smallDangerButtonClass } from '../ui/styles';
import { OrganizationExportLink } from '../organization-export/OrganizationExportLink';
import { adminOrganizationsQuery, refreshAdminData } from './queries';

export function OrganizationList() {
  const organizations = useQuery(adminOrganizationsQuery);
  return (
    <Card>
      <CardTitle>Organizations</CardTitle>
      <div className="mt-4 space-y-3">
        {organizations.isPending && <Skeleton className="h-16" />}
        {organizations.isError && (
          <p role="alert" className="text-sm text-red-600">
            The organizations could not be loaded: {organizations.error.message}
          </p>
        )}
        {organizations.data?.length === 0 && (
          <p className="text-sm text-slate-500">No organizations yet.</p>
        )}
        {organizations.data?.map((organization) => (
          <OrganizationRow key={organization.id} organization={organization} />
        ))}
      </div>
    </Card>
  );
}

function OrganizationRow({ organization }: { organization: AdminOrganization }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => call(api.deleteOrganization, { params: { id: organization.id } }),
    onSuccess: async () => {
      toast({
        title: 'Organization Deleted',
        description: `${organization.displayName} and all of its data have been removed.`,
      });
      await refreshAdminData(queryClient);
    },
    onError: (error) =>
      toast(failureToast('Deletion Failed', error, 'Failed to delete organization.')),
  });

  return (
    <div
      data-testid="organization-row"
      data-organization={organization.name}
      className="flex flex-col gap-3 rounded-md border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium [overflow-wrap:anywhere]">{organization.displayName}</span>
          {organization.samlEnabled ? <Badge tone="blue">SAML</Badge> : <Badge>Standard</Badge>}
        </div>
        <p className="truncate text-sm text-slate-500 dark:text-slate-400">
          {organization.domain} · {organization.userCount}{' '}
          {organization.userCount === 1 ? 'user' : 'users'}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <OrganizationExportLink organizationId={organization.id} />
        <ConfirmDialog
          title={`Delete ${organization.displayName}?`}
          description={`Everything of ${organization.displayName} will be removed for good: its ${organization.userCount} ${organization.userCount === 1 ? 'user' : 'users'} with their sessions and profile pictures, and all of its data and files in every part of the platform. This cannot be undone.`}
          confirmLabel="Delete Organization"
          onConfirm={() => remove.mutate()}
          trigger={
            <button
              type="button"
              data-testid="delete-organization"
              disabled={remove.isPending}
              className={smallDangerButtonClass}
            >
              <Trash2 className="size-3.5" /> Delete
            </button>
          }
        />
      </div>
    </div>
  );
}
