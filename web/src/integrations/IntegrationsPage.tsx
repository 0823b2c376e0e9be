import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CameraDialog } from './CameraDialog';
import { CameraSystemCard, ComingSoonCard } from './CameraSystemCard';
import { CurrentAssignments } from './CurrentAssignments';
import { integrationsQuery } from './queries';
import { SetupDialog } from './SetupDialog';
import { useTranslation } from 'react-i18next';

/**
 * /integrations: the camera system, its cameras and their assignments. The router's PageGate
 * shows anyone but the super administrator the spec's Access Restricted text instead.
 */
export function IntegrationsPage() {
  const { t } = useTranslation();
  const integrations = useQuery(integrationsQuery);
  // One integration type is supported, so there is at most one integration.
  const integration = integrations.data?.[0];
  const [setupOpen, setSetupOpen] = useState(false);
  const [camerasOpen, setCamerasOpen] = useState(false);
  return (
    <div data-testid="integrations-page" className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold">{t('integrations.title')}</h1>
        <p className="text-slate-500 dark:text-slate-400">{t('integrations.subtitle')}</p>
      </header>
      <div className="grid gap-6 md:grid-cols-2">
        <CameraSystemCard
          integration={integration}
          loading={integrations.isPending}
          onSetUp={() => setSetupOpen(true)}
          onManage={() => setCamerasOpen(true)}
        />
        <ComingSoonCard />
      </div>
      <CurrentAssignments />
      {/* Mounted when opened, so every opening starts from the current base URL. Not keyed on
          the integration: saving refetches it (the first set-up creates it), which remounted the
          dialog before its save callbacks ran, and TanStack Query drops those of an unmounted
          caller (no 'Integration Saved', the dialog stayed open). */}
      {setupOpen ? (
        <SetupDialog open onClose={() => setSetupOpen(false)} current={integration} />
      ) : null}
      {/* Mounted when opened, so every opening reads the camera list afresh. */}
      {integration && camerasOpen ? (
        <CameraDialog
          integration={integration}
          open={camerasOpen}
          onClose={() => setCamerasOpen(false)}
        />
      ) : null}
    </div>
  );
}
