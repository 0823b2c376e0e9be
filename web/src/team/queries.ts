import {
  type TeamMemberDetail,
  type TeamMemberPage,
  type TeamMembersQuery,
  type TeamStats,
} from '@hub/proto';
import { api } from '../api/routes';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../api/client';

export const teamStatsQuery = queryOptions({
  queryKey: [api.teamStats.path],
  queryFn: ({ signal }): Promise<TeamStats> => call(api.teamStats, { signal }),
});

/** The team list's query as the browser sends it (`roles` comma-joined). */
export type TeamMembersParams = z.input<typeof TeamMembersQuery>;

/** One page of the team list, searched on the server; the page shown stays while the next loads. */
export function teamMembersQuery(query: TeamMembersParams) {
  return queryOptions({
    queryKey: [api.teamMembers.path, query],
    queryFn: ({ signal }): Promise<TeamMemberPage> => call(api.teamMembers, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every member's page: each lists the videos the member appears in. */
export const teamMemberPagesKey = [api.teamMember.path];

export function teamMemberQuery(id: number) {
  return queryOptions({
    queryKey: [api.teamMember.path, id],
    queryFn: ({ signal }): Promise<TeamMemberDetail> =>
      call(api.teamMember, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}
