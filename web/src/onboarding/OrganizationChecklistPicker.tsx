import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { OrganizationPicker } from '../admin/OrganizationPicker';
import { organizationChoicesQuery } from '../admin/queries';
import { Card, CardTitle } from '../ui/Card';
import { Field } from '../ui/Field';
import { OrganizationChecklist } from './OrganizationChecklist';
import { useTranslation } from 'react-i18next';

/**
 * The super administrator's view of one organization's checklist at a time: the newest
 * organization's until another is chosen (found by typing among thousands).
 */
export function OrganizationChecklistPicker() {
  const { t } = useTranslation();
  // The picker's own first list (same query, same cache entry): its newest organization.
  const newest = useQuery(organizationChoicesQuery('')).data?.organizations[0]?.id;
  const [chosen, setChosen] = useState<number | null>(null);
  const organizationId = chosen ?? newest;
  return (
    <Card testId="organization-onboarding">
      <CardTitle>{t('onboarding.perOrganization')}</CardTitle>
      <div className="mt-4 max-w-sm">
        <Field id="onboarding-organization" label={t('onboarding.organization')}>
          <OrganizationPicker
            id="onboarding-organization"
            testId="onboarding-organization"
            value={organizationId === undefined ? '' : String(organizationId)}
            onChange={(value) => setChosen(Number(value))}
          />
        </Field>
      </div>
      {organizationId !== undefined && (
        <OrganizationChecklist organizationId={organizationId} role="super_admin" />
      )}
    </Card>
  );
}
