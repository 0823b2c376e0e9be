import { z } from 'zod';
import { Recommendation, RecommendationList, RecommendationListQuery } from '../recommendations.js';
import { Actor, STAFF_ROLES } from '../roles.js';
import { rpc } from '../rpc.js';

const RecommendationRef = z.object({ actor: Actor, id: z.number().int() });

export const recommendationRpc = {
  list: rpc(
    'observation',
    'recommendations.list',
    STAFF_ROLES,
    z.object({ actor: Actor, query: RecommendationListQuery }),
    RecommendationList,
  ),
  evaluate: rpc(
    'observation',
    'recommendations.evaluate',
    STAFF_ROLES,
    z.object({ actor: Actor }),
    RecommendationList,
  ),
  dismiss: rpc(
    'observation',
    'recommendations.dismiss',
    STAFF_ROLES,
    RecommendationRef,
    Recommendation,
  ),
  implement: rpc(
    'observation',
    'recommendations.implement',
    STAFF_ROLES,
    RecommendationRef,
    Recommendation,
  ),
} as const;
