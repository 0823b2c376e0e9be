import { useQuery } from '@tanstack/react-query';
import type { Role } from '@hub/proto';
import { Card, CardTitle } from '../ui/Card';
import { OrganizationChecklist } from './OrganizationChecklist';
import { organizationOnboardingQuery } from './queries';
import { useTranslation } from 'react-i18next';

/** An administrator's own checklist on the Hub, until every step is done. */
export function GettingStartedCard({ role }: { role: Role | undefined }) {
  const { t } = useTranslation();
  const checklist = useQuery({
    ...organizationOnboardingQuery(),
    enabled: role === 'admin',
  });
  if (role !== 'admin' || (checklist.data && checklist.data.done === checklist.data.total)) {
    return null;
  }
  return (
    <Card testId="getting-started">
      <CardTitle>{t('onboarding.gettingStarted')}</CardTitle>
      <OrganizationChecklist role={role} />
    </Card>
  );
}
