import {
  type CameraAssignment,
  type CameraList,
  type Integration,
  routePath,
  type SopChoice,
} from '@hub/proto';
import { api } from '../api/routes';
import { queryOptions } from '@tanstack/react-query';
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
