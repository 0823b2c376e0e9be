import { api, type TeamMember, type TeamMemberDetail, type TeamStats } from '@hub/proto';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/client';

export const teamStatsQuery = queryOptions({
  queryKey: [api.teamStats.path],
  queryFn: ({ signal }): Promise<TeamStats> => call(api.teamStats, { signal }),
});

export const teamMembersQuery = queryOptions({
  queryKey: [api.teamMembers.path],
  queryFn: ({ signal }): Promise<TeamMember[]> => call(api.teamMembers, { signal }),
});

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
