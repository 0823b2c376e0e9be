import { z } from 'zod';
import { defineRoute } from '../http.js';
import { teamRpc } from '../rpc/observation.js';
import { STAFF_ROLES } from '../roles.js';
import { MemberVideoPage, MemberVideoPageQuery, TeamMemberDetail, TeamStats } from '../team.js';
import { RowId } from '../row-id.js';

export const teamRoutes = {
  teamStats: defineRoute({
    method: 'GET',
    path: '/api/stats/team',
    summary:
      'Team Overview figures: members, present today (sign-ins), top performers, departments, performance metrics',
    tag: 'team',
    access: STAFF_ROLES,
    response: TeamStats,
    relay: { rpc: teamRpc.stats, request: ({ actor }) => ({ actor }) },
  }),
  teamMember: defineRoute({
    method: 'GET',
    path: '/api/team/members/:id',
    summary:
      "One member's details: certifications, observations, courses and the videos they were identified in",
    tag: 'team',
    access: STAFF_ROLES,
    params: z.object({ id: RowId }),
    response: TeamMemberDetail,
    relay: { rpc: teamRpc.member, request: ({ actor, params }) => ({ actor, userId: params.id }) },
  }),
  teamMemberVideos: defineRoute({
    method: 'GET',
    path: '/api/team/members/:id/videos',
    summary:
      "A page of the videos a member was identified in, latest recorded first (the member's details carry the first)",
    tag: 'team',
    access: STAFF_ROLES,
    params: z.object({ id: RowId }),
    query: MemberVideoPageQuery,
    response: MemberVideoPage,
    paged: { items: 'videos' },
    relay: {
      rpc: teamRpc.memberVideos,
      request: ({ actor, params, query }) => ({
        actor,
        userId: params.id,
        page: { cursor: query.cursor, limit: query.limit },
      }),
    },
  }),
} as const;
