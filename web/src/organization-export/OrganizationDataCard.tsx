import type { Role } from '@hub/proto';
import { useTranslation } from 'react-i18next';
import { Card, CardTitle } from '../ui/Card';
import { OrganizationExportLink } from './OrganizationExportLink';

/** An administrator takes the organization's records and files out, for an audit or a move. */
export function OrganizationDataCard({ role }: { role: Role }) {
  const { t } = useTranslation();
  if (role !== 'admin') return null;
  return (
    <Card testId="organization-data">
      <CardTitle>{t('organizationExport.title')}</CardTitle>
      <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
        {t('organizationExport.description')}
      </p>
      <div className="mt-4">
        <OrganizationExportLink />
      </div>
    </Card>
  );
}
