import type { Camera, CameraAssignment, Integration } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { failureToast } from '../api/errors';
import { adminOrganizationsQuery } from '../admin/queries';
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
import { assignmentsQuery, camerasQuery, useIntegrationMutations } from './queries';

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
  const cameras = useQuery({ ...camerasQuery(integration.id), enabled: open });
  const list = cameras.data;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title="Manage Cameras"
      description="Assign each camera to the organization whose floor it watches."
      width="max-w-4xl"
      testId="camera-dialog"
    >
      {list && !list.success ? (
        <div
          role="status"
          data-testid="camera-api-limited"
          className="mb-4 flex gap-3 rounded-md border border-yellow-300 bg-yellow-50 p-4 text-sm text-yellow-900 dark:border-yellow-800 dark:bg-yellow-950/40 dark:text-yellow-200"
        >
          <AlertTriangle aria-hidden className="size-5 shrink-0" />
          <div className="space-y-1">
            <p className="font-semibold">Camera API Access Limited</p>
            <p data-testid="camera-api-message">{list.message}</p>
            {list.technicalDetails?.suggestion ? (
              <p data-testid="camera-api-suggestion">{list.technicalDetails.suggestion}</p>
            ) : null}
          </div>
        </div>
      ) : null}
      <CameraTable cameras={list?.cameras} loading={cameras.isPending} integration={integration} />
    </Dialog>
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
  const assignments = useQuery(assignmentsQuery).data ?? [];
  if (loading) return <LoadingRow label="Loading cameras..." />;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase dark:border-slate-800">
          <tr>
            <th className="py-2 pr-3">Camera Name</th>
            <th className="py-2 pr-3">Model</th>
            <th className="py-2 pr-3">Notes</th>
            <th className="py-2 pr-3">Status</th>
            <th className="py-2">Actions</th>
          </tr>
        </thead>
        <tbody>
          {(cameras ?? []).map((camera) => (
            <CameraRow
              key={camera.id}
              camera={camera}
              integration={integration}
              assignment={assignments.find((row) => row.id === camera.assignmentId)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CameraRow({
  camera,
  integration,
  assignment,
}: {
  camera: Camera;
  integration: Integration;
  assignment: CameraAssignment | undefined;
}) {
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
            title: 'Camera Assigned',
            description: `${row.cameraName} → ${row.organizationName}`,
          });
          setAssigning(false);
        },
        onError: (error) =>
          toast(failureToast('Assignment Failed', error, 'Failed to assign camera')),
      },
    );
  const remove = () => {
    if (!assignment) return;
    unassign.mutate(assignment, {
      onSuccess: () => toast({ title: 'Assignment Removed' }),
      onError: (error) =>
        toast(failureToast('Remove Failed', error, 'Failed to remove the assignment')),
    });
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
          {camera.status}
        </Badge>
      </td>
      <td className="py-2">
        {camera.status === 'Assigned' ? (
          <button
            type="button"
            data-testid="camera-remove"
            className={smallDangerButtonClass}
            disabled={unassign.isPending || !assignment}
            onClick={remove}
          >
            Remove
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
            Assign
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
  const organizations = useQuery(adminOrganizationsQuery).data ?? [];
  const [organizationId, setOrganizationId] = useState('');
  return (
    <div className="flex flex-wrap items-center gap-2">
      <select
        data-testid="assign-organization"
        aria-label="Organization"
        className={`${selectClass} h-8 w-48`}
        value={organizationId}
        onChange={(event) => setOrganizationId(event.target.value)}
      >
        <option value="">Select organization</option>
        {organizations.map((organization) => (
          <option key={organization.id} value={organization.id}>
            {organization.displayName}
          </option>
        ))}
      </select>
      <button
        type="button"
        data-testid="assign-confirm"
        className={smallButtonClass}
        disabled={!organizationId || pending}
        onClick={() => onAssign(Number(organizationId))}
      >
        Assign
      </button>
      <button type="button" className={smallOutlineButtonClass} onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
