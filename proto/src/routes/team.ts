import { z } from 'zod';
import { defineRoute } from '../http.js';
import { teamRpc } from '../rpc/observation.js';
import { STAFF_ROLES } from '../roles.js';
import { TeamMemberDetail, TeamStats } from '../team.js';
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
} as const;
