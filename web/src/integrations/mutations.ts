import {
  type CameraAssignment,
  type ConnectionTestResult,
  type CreateCameraAssignmentRequest,
  type CreateIntegrationRequest,
  type Integration,
} from '@hub/proto';
import { api } from '../api/routes';
import { call } from '../api/client';
import { useContractMutation } from '../api/useContractMutation';
import { assignmentsQuery, camerasQuery, integrationsQuery } from './queries';

const camerasKey = (integrationId: number) => camerasQuery(integrationId).queryKey;

/** Every change of the page, each refreshing the lists it touches; the pages toast. */
export function useIntegrationMutations() {
  return {
    setUp: useContractMutation({
      mutationFn: (body: CreateIntegrationRequest): Promise<Integration> =>
        call(api.createIntegration, { body }),
      // New credentials may see other cameras, or none.
      invalidates: (_, integration) =>
        integration
          ? [integrationsQuery.queryKey, camerasKey(integration.id)]
          : [integrationsQuery.queryKey],
    }),
    test: useContractMutation({
      mutationFn: (id: number): Promise<ConnectionTestResult> =>
        call(api.testIntegration, { params: { id } }),
      invalidates: (id) => [integrationsQuery.queryKey, camerasKey(id)],
    }),
    assign: useContractMutation({
      mutationFn: (body: CreateCameraAssignmentRequest): Promise<CameraAssignment> =>
        call(api.createCameraAssignment, { body }),
      invalidates: (body) => [assignmentsQuery.queryKey, camerasKey(body.integrationId)],
    }),
    // By the camera list's own ids: the assignment may be on a page of the list not loaded.
    unassign: useContractMutation({
      mutationFn: (assignment: { id: number; integrationId: number }) =>
        call(api.deleteCameraAssignment, { params: { id: assignment.id } }),
      invalidates: (assignment) => [
        assignmentsQuery.queryKey,
        camerasKey(assignment.integrationId),
      ],
    }),
    schedule: useContractMutation({
      // On or off only: the interval the organization's administrator chose stays.
      mutationFn: ({ id, snapshotEnabled }: { id: number; snapshotEnabled: boolean }) =>
        call(api.updateCameraAssignmentSchedule, { params: { id }, body: { snapshotEnabled } }),
      invalidates: [assignmentsQuery.queryKey],
    }),
    saveSops: useContractMutation({
      mutationFn: ({ id, sopIds }: { id: number; sopIds: number[] }): Promise<CameraAssignment> =>
        call(api.updateCameraAssignmentSops, { params: { id }, body: { sopIds } }),
      invalidates: [assignmentsQuery.queryKey],
    }),
  };
}
