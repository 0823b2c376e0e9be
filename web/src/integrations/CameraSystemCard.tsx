import type { Integration } from '@hub/proto';
import { Camera, Settings2 } from 'lucide-react';
import { failureToast } from '../api/errors';
import { toast } from '../toast/toastStore';
import { Badge } from '../ui/Badge';
import { Card, CardTitle } from '../ui/Card';
import { smallButtonClass, smallOutlineButtonClass } from '../ui/styles';
import { connectionTestText, testStatusBadge } from './format';
import { useIntegrationMutations } from './mutations';
import { useTranslation } from 'react-i18next';

/** The camera-system card: status badge, last test message, set-up, test and manage. */
export function CameraSystemCard({
  integration,
  loading,
  onSetUp,
  onManage,
}: {
  integration: Integration | undefined;
  loading: boolean;
  onSetUp: () => void;
  onManage: () => void;
}) {
  const { t } = useTranslation();
  const badge = testStatusBadge(integration?.lastTestStatus);
  return (
    <Card testId="camera-system-card" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <Camera aria-hidden className="size-6 text-blue-600" />
          <div>
            <CardTitle>{t('integrations.system.title')}</CardTitle>
            <p className="text-sm text-slate-500 dark:text-slate-400">
              {t('integrations.system.description')}
            </p>
          </div>
        </div>
        <Badge tone={badge.tone} testId="integration-status">
          {badge.label}
        </Badge>
      </div>
      {integration ? (
        <div className="space-y-1 text-sm">
          <p className="truncate text-slate-500 dark:text-slate-400">{integration.baseUrl}</p>
          {integration.lastTestMessage ? (
            <p data-testid="integration-message">
              {connectionTestText(integration.lastTestMessage)}
            </p>
          ) : null}
        </div>
      ) : null}
      {loading ? null : integration ? (
        <IntegrationActions integration={integration} onSetUp={onSetUp} onManage={onManage} />
      ) : (
        <button
          type="button"
          data-testid="setup-integration"
          className={smallButtonClass}
          onClick={onSetUp}
        >
          {t('integrations.system.setUp')}
        </button>
      )}
    </Card>
  );
}

function IntegrationActions({
  integration,
  onSetUp,
  onManage,
}: {
  integration: Integration;
  onSetUp: () => void;
  onManage: () => void;
}) {
  const { t } = useTranslation();
  const { test } = useIntegrationMutations();
  const runTest = () =>
    test.mutate(integration.id, {
      onSuccess: (result) =>
        toast(
          result.success
            ? {
                title: t('integrations.system.connected'),
                description: connectionTestText(result.message),
              }
            : {
                title: t('integrations.system.connectionFailed'),
                description: result.message
                  ? connectionTestText(result.message)
                  : t('integrations.system.connectFailed'),
                variant: 'destructive',
              },
        ),
      onError: (error) =>
        toast(
          failureToast(
            t('integrations.system.connectionError'),
            error,
            t('integrations.system.testFailed'),
          ),
        ),
    });
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        data-testid="test-connection"
        className={smallButtonClass}
        disabled={test.isPending}
        onClick={runTest}
      >
        {test.isPending ? t('integrations.system.testing') : t('integrations.system.test')}
      </button>
      {integration.lastTestStatus === 'success' ? (
        <button
          type="button"
          data-testid="manage-cameras"
          className={smallOutlineButtonClass}
          onClick={onManage}
        >
          {t('integrations.system.manage')}
        </button>
      ) : null}
      <button
        type="button"
        data-testid="edit-credentials"
        className={smallOutlineButtonClass}
        onClick={onSetUp}
      >
        <Settings2 aria-hidden className="size-3.5" /> {t('integrations.system.credentials')}
      </button>
    </div>
  );
}

export function ComingSoonCard() {
  const { t } = useTranslation();
  return (
    <Card testId="coming-soon-card" className="space-y-3">
      <CardTitle>{t('integrations.comingSoon.title')}</CardTitle>
      <ul className="space-y-1 text-sm text-slate-500 dark:text-slate-400">
        <li>{t('integrations.comingSoon.erp')}</li>
        <li>{t('integrations.comingSoon.iot')}</li>
        <li>{t('integrations.comingSoon.hr')}</li>
      </ul>
    </Card>
  );
}
