import type { Integration } from '@hub/proto';
import { Camera, Settings2 } from 'lucide-react';
import { failureToast } from '../api/errors';
import { toast } from '../toast/toastStore';
import { Badge } from '../ui/Badge';
import { Card, CardTitle } from '../ui/Card';
import { smallButtonClass, smallOutlineButtonClass } from '../ui/styles';
import { testStatusBadge } from './format';
import { useIntegrationMutations } from './queries';

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
  const badge = testStatusBadge(integration?.lastTestStatus);
  return (
    <Card testId="camera-system-card" className="space-y-4">
      <div className="flex items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          <Camera aria-hidden className="size-6 text-blue-600" />
          <div>
            <CardTitle>Camera System</CardTitle>
            <p className="text-sm text-slate-500 dark:text-slate-400">
              Cloud security-camera video system
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
            <p data-testid="integration-message">{integration.lastTestMessage}</p>
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
          Setup Integration
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
  const { test } = useIntegrationMutations();
  const runTest = () =>
    test.mutate(integration.id, {
      onSuccess: (result) =>
        toast(
          result.success
            ? { title: 'Connection Successful', description: result.message }
            : {
                title: 'Connection Failed',
                description: result.message || 'Failed to connect to the camera system',
                variant: 'destructive',
              },
        ),
      onError: (error) =>
        toast(failureToast('Connection Error', error, 'Failed to test connection')),
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
        {test.isPending ? 'Testing…' : 'Test Connection'}
      </button>
      {integration.lastTestStatus === 'success' ? (
        <button
          type="button"
          data-testid="manage-cameras"
          className={smallOutlineButtonClass}
          onClick={onManage}
        >
          Manage Cameras
        </button>
      ) : null}
      <button
        type="button"
        data-testid="edit-credentials"
        className={smallOutlineButtonClass}
        onClick={onSetUp}
      >
        <Settings2 aria-hidden className="size-3.5" /> Credentials
      </button>
    </div>
  );
}

export function ComingSoonCard() {
  return (
    <Card testId="coming-soon-card" className="space-y-3">
      <CardTitle>Coming Soon</CardTitle>
      <ul className="space-y-1 text-sm text-slate-500 dark:text-slate-400">
        <li>ERP Systems</li>
        <li>IoT Sensors</li>
        <li>HR Systems</li>
      </ul>
    </Card>
  );
}
