import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminOrganizationsQuery } from '../admin/queries';
import { Card, CardTitle } from '../ui/Card';
import { Field } from '../ui/Field';
import { selectClass } from '../ui/styles';
import { OrganizationChecklist } from './OrganizationChecklist';
import { useTranslation } from 'react-i18next';

/** The super administrator's view of one organization's checklist at a time. */
export function OrganizationChecklistPicker() {
  const { t } = useTranslation();
  const organizations = useQuery(adminOrganizationsQuery);
  const [chosen, setChosen] = useState<number | null>(null);
  const organizationId = chosen ?? organizations.data?.[0]?.id;
  return (
    <Card testId="organization-onboarding">
      <CardTitle>{t('onboarding.perOrganization')}</CardTitle>
      <div className="mt-4 max-w-sm">
        <Field id="onboarding-organization" label={t('onboarding.organization')}>
          <select
            id="onboarding-organization"
            value={organizationId ?? ''}
            onChange={(event) => setChosen(Number(event.target.value))}
            className={selectClass}
          >
            {organizations.data?.map((organization) => (
              <option key={organization.id} value={organization.id}>
                {organization.displayName}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {organizationId !== undefined && (
        <OrganizationChecklist organizationId={organizationId} role="super_admin" />
      )}
    </Card>
  );
}
