import { api } from '../api/routes';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { smallOutlineButtonClass } from '../ui/styles';

/**
 * Downloads an organization's records and files as one zip (the browser saves the stream as
 * it comes): the caller's own organization without an id.
 */
export function OrganizationExportLink({ organizationId }: { organizationId?: number }) {
  const { t } = useTranslation();
  const query = organizationId === undefined ? '' : `?organizationId=${organizationId}`;
  return (
    <a
      href={`${api.organizationExport.path}${query}`}
      download
      data-testid="organization-export"
      className={smallOutlineButtonClass}
    >
      <Download className="size-3.5" /> {t('organizationExport.export')}
    </a>
  );
}
