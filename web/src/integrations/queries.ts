import {
  api,
  type CameraAssignment,
  type CameraList,
  type ConnectionTestResult,
  type CreateCameraAssignmentRequest,
  type CreateIntegrationRequest,
  type Integration,
  routePath,
  type SopChoice,
} from '@hub/proto';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client';

export const integrationsQuery = queryOptions({
  queryKey: [api.integrations.path],
  queryFn: ({ signal }): Promise<Integration[]> => call(api.integrations, { signal }),
});

export const assignmentsQuery = queryOptions({
  queryKey: [api.cameraAssignments.path],
  queryFn: ({ signal }): Promise<CameraAssignment[]> => call(api.cameraAssignments, { signal }),
  // While a camera takes snapshots, its latest outcome is followed.
  refetchInterval: (query) =>
    query.state.data?.some((assignment) => assignment.snapshotEnabled) ? 15_000 : false,
});

export function camerasQuery(integrationId: number) {
  return queryOptions({
    queryKey: [routePath(api.integrationCameras, { id: integrationId })],
    queryFn: ({ signal }): Promise<CameraList> =>
      call(api.integrationCameras, { params: { id: integrationId }, signal }),
  });
}

export function organizationSopsQuery(organizationId: number) {
  return queryOptions({
    queryKey: [routePath(api.organizationSops, { id: organizationId })],
    queryFn: ({ signal }): Promise<SopChoice[]> =>
      call(api.organizationSops, { params: { id: organizationId }, signal }),
  });
}

/** Every change of the page, each refreshing the lists it touches. */
export function useIntegrationMutations() {
  const queryClient = useQueryClient();
  const refresh = (...keys: string[]) =>
    Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
  const camerasKey = (id: number) => routePath(api.integrationCameras, { id });
  return {
    setUp: useMutation({
      mutationFn: (body: CreateIntegrationRequest): Promise<Integration> =>
        call(api.createIntegration, { body }),
      // New credentials may see other cameras, or none.
      onSuccess: (integration) => refresh(api.integrations.path, camerasKey(integration.id)),
    }),
    test: useMutation({
      mutationFn: (id: number): Promise<ConnectionTestResult> =>
        call(api.testIntegration, { params: { id } }),
      onSettled: (_, __, id) => refresh(api.integrations.path, camerasKey(id)),
    }),
    assign: useMutation({
      mutationFn: (body: CreateCameraAssignmentRequest): Promise<CameraAssignment> =>
        call(api.createCameraAssignment, { body }),
      onSuccess: (_, body) => refresh(api.cameraAssignments.path, camerasKey(body.integrationId)),
    }),
    unassign: useMutation({
      mutationFn: (assignment: CameraAssignment) =>
        call(api.deleteCameraAssignment, { params: { id: assignment.id } }),
      onSuccess: (_, assignment) =>
        refresh(api.cameraAssignments.path, camerasKey(assignment.integrationId)),
    }),
    schedule: useMutation({
      mutationFn: ({ id, snapshotEnabled }: { id: number; snapshotEnabled: boolean }) =>
        call(api.updateCameraAssignmentSchedule, {
          params: { id },
          body: { snapshotEnabled, snapshotIntervalSeconds: 60 },
        }),
      onSuccess: () => refresh(api.cameraAssignments.path),
    }),
    saveSops: useMutation({
      mutationFn: ({ id, sopIds }: { id: number; sopIds: number[] }): Promise<CameraAssignment> =>
        call(api.updateCameraAssignmentSops, { params: { id }, body: { sopIds } }),
      onSuccess: () => refresh(api.cameraAssignments.path),
    }),
  };
}
