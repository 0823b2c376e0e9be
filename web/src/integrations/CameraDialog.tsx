import type { Camera, CameraList, Integration } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { failureToast } from '../api/errors';
import { readableFailureReason, readableSuggestion } from '../api/failure-reason';
import { OrganizationPicker } from '../admin/OrganizationPicker';
import { toast } from '../toast/toastStore';
import { Badge } from '../ui/Badge';
import { Dialog } from '../ui/Dialog';
import { LoadingRow } from '../ui/ListStates';
import {
  selectClass,
  smallButtonClass,
  smallDangerButtonClass,
  smallOutlineButtonClass,
} from '../ui/styles';
import { useIntegrationMutations } from './mutations';
import { cameraFailureText } from './format';
import { camerasQuery } from './queries';
import { useTranslation } from 'react-i18next';

/** Manage Cameras: every camera of the system, Assigned or Available, with assign and remove. */
export function CameraDialog({
  integration,
  open,
  onClose,
}: {
  integration: Integration;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const cameras = useQuery({ ...camerasQuery(integration.id), enabled: open });
  const list = cameras.data;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={t('integrations.cameras.title')}
      description={t('integrations.cameras.description')}
      width="max-w-4xl"
      testId="camera-dialog"
    >
      {list && !list.success ? <CameraListNotice list={list} /> : null}
      <CameraTable cameras={list?.cameras} loading={cameras.isPending} integration={integration} />
    </Dialog>
  );
}

/**
 * Why the list is partial or empty (a list the service answered with success false): its
 * message in the reader's language (a sentence of proto's failure reasons, else as written),
 * and what to do, so too (a sentence of proto's suggestions, else as written).
 */
export function CameraListNotice({ list }: { list: CameraList }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      data-testid="camera-api-limited"
      className="mb-4 flex gap-3 rounded-md border border-yellow-300 bg-yellow-50 p-4 text-sm text-yellow-900 dark:border-yellow-800 dark:bg-yellow-950/40 dark:text-yellow-200"
    >
      <AlertTriangle aria-hidden className="size-5 shrink-0" />
      <div className="space-y-1">
        <p className="font-semibold">{t('integrations.cameras.limited')}</p>
        <p data-testid="camera-api-message">{readableFailureReason(list.message)}</p>
        {list.technicalDetails?.suggestion ? (
          <p data-testid="camera-api-suggestion">
            {readableSuggestion(list.technicalDetails.suggestion)}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function CameraTable({
  cameras,
  loading,
  integration,
}: {
  cameras: Camera[] | undefined;
  loading: boolean;
  integration: Integration;
}) {
  const { t } = useTranslation();
  if (loading) return <LoadingRow label={t('integrations.cameras.loading')} />;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase dark:border-slate-800">
          <tr>
            <th className="py-2 pr-3">{t('integrations.cameras.name')}</th>
            <th className="py-2 pr-3">{t('integrations.cameras.model')}</th>
            <th className="py-2 pr-3">{t('integrations.cameras.notes')}</th>
            <th className="py-2 pr-3">{t('integrations.cameras.status')}</th>
            <th className="py-2">{t('integrations.cameras.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {(cameras ?? []).map((camera) => (
            <CameraRow key={camera.id} camera={camera} integration={integration} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CameraRow({ camera, integration }: { camera: Camera; integration: Integration }) {
  const { t } = useTranslation();
  const [assigning, setAssigning] = useState(false);
  const { assign, unassign } = useIntegrationMutations();
  // The row stays mounted when the camera turns Assigned (the assign step does not), so the
  // mutation's callbacks live here: TanStack Query drops those of an unmounted caller.
  const assignTo = (organizationId: number) =>
    assign.mutate(
      {
        cameraId: camera.id,
        cameraName: camera.name,
        cameraModel: camera.model,
        cameraNotes: camera.notes,
        organizationId,
        integrationId: integration.id,
      },
      {
        onSuccess: (row) => {
          toast({
            title: t('integrations.cameras.assigned'),
            description: `${row.cameraName} → ${row.organizationName}`,
          });
          setAssigning(false);
        },
        onError: (error) =>
          toast({
            title: t('integrations.cameras.assignFailedTitle'),
            description: cameraFailureText(error, t('integrations.cameras.assignFailed')),
            variant: 'destructive',
          }),
      },
    );
  const remove = () => {
    if (camera.assignmentId === null) return;
    unassign.mutate(
      { id: camera.assignmentId, integrationId: integration.id },
      {
        onSuccess: () => toast({ title: t('integrations.cameras.removed') }),
        onError: (error) =>
          toast(
            failureToast(
              t('integrations.cameras.removeFailedTitle'),
              error,
              t('integrations.cameras.removeFailed'),
            ),
          ),
      },
    );
  };
  return (
    <tr
      data-testid="camera-row"
      data-camera-id={camera.id}
      className="border-b border-slate-100 align-top dark:border-slate-900"
    >
      <td className="py-2 pr-3 font-medium">{camera.name}</td>
      <td className="py-2 pr-3">{camera.model}</td>
      <td className="py-2 pr-3 text-slate-500 dark:text-slate-400">{camera.notes}</td>
      <td className="py-2 pr-3">
        <Badge tone={camera.status === 'Assigned' ? 'blue' : 'green'} testId="camera-status">
          {t(`integrations.cameras.statuses.${camera.status}`)}
        </Badge>
      </td>
      <td className="py-2">
        {camera.status === 'Assigned' ? (
          <button
            type="button"
            data-testid="camera-remove"
            className={smallDangerButtonClass}
            disabled={unassign.isPending || camera.assignmentId === null}
            onClick={remove}
          >
            {t('integrations.cameras.remove')}
          </button>
        ) : assigning ? (
          <AssignStep
            pending={assign.isPending}
            onAssign={assignTo}
            onCancel={() => setAssigning(false)}
          />
        ) : (
          <button
            type="button"
            data-testid="camera-assign"
            className={smallOutlineButtonClass}
            onClick={() => setAssigning(true)}
          >
            {t('integrations.cameras.assign')}
          </button>
        )}
      </td>
    </tr>
  );
}

/** The assign step: an organization selector, Assign and Cancel. */
function AssignStep({
  pending,
  onAssign,
  onCancel,
}: {
  pending: boolean;
  onAssign: (organizationId: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [organizationId, setOrganizationId] = useState('');
  return (
    <div className="flex flex-wrap items-center gap-2">
      <OrganizationPicker
        testId="assign-organization"
        label={t('integrations.cameras.organization')}
        className="w-48 max-w-full space-y-1"
        selectClassName={`${selectClass} h-8`}
        value={organizationId}
        onChange={setOrganizationId}
        placeholder={t('integrations.cameras.chooseOrganization')}
      />
      <button
        type="button"
        data-testid="assign-confirm"
        className={smallButtonClass}
        disabled={!organizationId || pending}
        onClick={() => onAssign(Number(organizationId))}
      >
        {t('integrations.cameras.assign')}
      </button>
      <button type="button" className={smallOutlineButtonClass} onClick={onCancel}>
        {t('integrations.cancel')}
      </button>
    </div>
  );
}
