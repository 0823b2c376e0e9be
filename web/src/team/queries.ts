import {
  MEMBER_VIDEOS_PAGE,
  type MemberVideoPage,
  type TeamMemberDetail,
  type TeamMemberPage,
  type TeamMembersQuery,
  type TeamStats,
} from '@hub/proto';
import { api } from '../api/routes';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
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

/**
 * The videos a member appears in after the first page their details carry, a page at a time
 * from its cursor (under the member's key: what invalidates their page invalidates these).
 */
export function memberVideoPagesQuery(id: number, cursor: string | null) {
  return infiniteQueryOptions({
    queryKey: [api.teamMember.path, id, 'videos', cursor],
    queryFn: ({ signal, pageParam }): Promise<MemberVideoPage> =>
      call(api.teamMemberVideos, {
        params: { id },
        query: { cursor: pageParam, limit: MEMBER_VIDEOS_PAGE },
        signal,
      }),
    initialPageParam: cursor ?? undefined,
    getNextPageParam: (last: MemberVideoPage): string | undefined => last.nextCursor ?? undefined,
  });
}
