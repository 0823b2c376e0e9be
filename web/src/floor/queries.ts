import { type FloorLayout, type FloorStats } from '@hub/proto';
import { api } from '../api/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/client';
import { FLOOR_POLL_MS } from './format';

/** Polled while the page is open: the figures follow the cameras and sensors. */
export const floorStatsQuery = queryOptions({
  queryKey: [api.floorStats.path],
  queryFn: ({ signal }): Promise<FloorStats> => call(api.floorStats, { signal }),
  refetchInterval: FLOOR_POLL_MS,
});

/** Areas, cameras and the organization's privacy settings, as the admins configure them. */
export const floorLayoutQuery = queryOptions({
  queryKey: [api.floorLayout.path],
  queryFn: ({ signal }): Promise<FloorLayout> => call(api.floorLayout, { signal }),
});
