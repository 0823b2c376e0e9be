import type { Role } from '@hub/proto';
import { Card, CardTitle } from '../ui/Card';
import { OrganizationExportLink } from './OrganizationExportLink';

/** An administrator takes the organization's records and files out, for an audit or a move. */
export function OrganizationDataCard({ role }: { role: Role }) {
  if (role !== 'admin') return null;
  return (
    <Card testId="organization-data">
      <CardTitle>Organization data</CardTitle>
      <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
        Every record of your organization (as JSON, people, observations and certifications also as
        CSV) and every stored file, in one zip with a manifest of checksums.
      </p>
      <div className="mt-4">
        <OrganizationExportLink />
      </div>
    </Card>
  );
}
