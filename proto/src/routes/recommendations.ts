import { STAFF_ROLES } from '../roles.js';
import { defineRoute } from '../http.js';
import { IdParams } from '../row-id.js';
import { recommendationRpc } from '../rpc/recommendation.js';
import { Recommendation, RecommendationList, RecommendationListQuery } from '../recommendations.js';

export const recommendationsRoutes = {
  recommendations: defineRoute({
    method: 'GET',
    path: '/api/recommendations',
    summary:
      "One page of the organization's recommendations (optionally by state; RECOMMENDATIONS_PAGE_SIZE a page, after `cursor`) with the four figures and each state's count; the rules run first if they never ran",
    tag: 'recommendations',
    access: STAFF_ROLES,
    query: RecommendationListQuery,
    response: RecommendationList,
    relay: { rpc: recommendationRpc.list, request: ({ actor, query }) => ({ actor, query }) },
  }),
  evaluateRecommendations: defineRoute({
    method: 'POST',
    path: '/api/recommendations/evaluate',
    summary: "Run the rules over the organization's data now",
    tag: 'recommendations',
    access: STAFF_ROLES,
    response: RecommendationList,
    relay: { rpc: recommendationRpc.evaluate, request: ({ actor }) => ({ actor }), status: 200 },
  }),
  dismissRecommendation: defineRoute({
    method: 'POST',
    path: '/api/recommendations/:id/dismiss',
    summary: 'Dismiss an active recommendation (who and when are kept)',
    tag: 'recommendations',
    access: STAFF_ROLES,
    params: IdParams,
    response: Recommendation,
    relay: {
      rpc: recommendationRpc.dismiss,
      request: ({ actor, params }) => ({ actor, id: params.id }),
      status: 200,
    },
  }),
  implementRecommendation: defineRoute({
    method: 'POST',
    path: '/api/recommendations/:id/implement',
    summary: 'Mark an active recommendation implemented (who and when are kept)',
    tag: 'recommendations',
    access: STAFF_ROLES,
    params: IdParams,
    response: Recommendation,
    relay: {
      rpc: recommendationRpc.implement,
      request: ({ actor, params }) => ({ actor, id: params.id }),
      status: 200,
    },
  }),
} as const;
