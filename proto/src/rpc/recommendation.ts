import { z } from 'zod';
import { Recommendation, RecommendationList, RecommendationListQuery } from '../recommendations.js';
import { Actor } from '../roles.js';
import { rpc, FROM_ROUTES } from '../rpc.js';

const RecommendationRef = z.object({ actor: Actor, id: z.number().int() });

export const recommendationRpc = {
  list: rpc(
    'observation',
    'recommendations.list',
    FROM_ROUTES,
    z.object({ actor: Actor, query: RecommendationListQuery }),
    RecommendationList,
  ),
  evaluate: rpc(
    'observation',
    'recommendations.evaluate',
    FROM_ROUTES,
    z.object({ actor: Actor }),
    RecommendationList,
  ),
  dismiss: rpc(
    'observation',
    'recommendations.dismiss',
    FROM_ROUTES,
    RecommendationRef,
    Recommendation,
  ),
  implement: rpc(
    'observation',
    'recommendations.implement',
    FROM_ROUTES,
    RecommendationRef,
    Recommendation,
  ),
} as const;
