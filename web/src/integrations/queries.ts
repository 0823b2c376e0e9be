import {
  type CameraAssignmentPage,
  type CameraList,
  type Integration,
  routePath,
  type SopChoice,
} from '@hub/proto';
import { api } from '../api/routes';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { cursorPaging } from '../api/paging';
import { call } from '../api/client';

export const integrationsQuery = queryOptions({
  queryKey: [api.integrations.path],
  queryFn: ({ signal }): Promise<Integration[]> => call(api.integrations, { signal }),
});

const ASSIGNMENT_PAGE_SIZE = 50;

/** Every organization's camera assignments, a page at a time: thousands on a large platform. */
export const assignmentsQuery = infiniteQueryOptions({
  queryKey: [api.cameraAssignments.path],
  queryFn: ({ signal, pageParam }): Promise<CameraAssignmentPage> =>
    call(api.cameraAssignments, {
      query: { limit: ASSIGNMENT_PAGE_SIZE, cursor: pageParam },
      signal,
    }),
  ...cursorPaging,
  // While a camera shown takes snapshots, its latest outcome is followed.
  refetchInterval: (query) =>
    query.state.data?.pages.some((page) =>
      page.assignments.some((assignment) => assignment.snapshotEnabled),
    )
      ? 15_000
      : false,
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
