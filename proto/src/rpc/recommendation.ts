import { z } from 'zod';
import {
  Recommendation,
  RECOMMENDATION_ROLES,
  RecommendationList,
  RecommendationListQuery,
} from '../recommendations.js';
import { Actor } from '../roles.js';
import { rpc } from '../rpc.js';

const RecommendationRef = z.object({ actor: Actor, id: z.number().int() });

export const recommendationRpc = {
  list: rpc(
    'observation',
    'recommendations.list',
    RECOMMENDATION_ROLES,
    z.object({ actor: Actor, query: RecommendationListQuery }),
    RecommendationList,
  ),
  evaluate: rpc(
    'observation',
    'recommendations.evaluate',
    RECOMMENDATION_ROLES,
    z.object({ actor: Actor }),
    RecommendationList,
  ),
  dismiss: rpc(
    'observation',
    'recommendations.dismiss',
    RECOMMENDATION_ROLES,
    RecommendationRef,
    Recommendation,
  ),
  implement: rpc(
    'observation',
    'recommendations.implement',
    RECOMMENDATION_ROLES,
    RecommendationRef,
    Recommendation,
  ),
} as const;
