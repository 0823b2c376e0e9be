import { z } from 'zod';
import { Recommendation, RecommendationList, RecommendationListQuery } from '../recommendations.js';
import { Actor } from '../roles.js';
import { rpc } from '../rpc.js';

const RecommendationRef = z.object({ actor: Actor, id: z.number().int() });

export const recommendationRpc = {
  list: rpc(
    'observation',
    'recommendations.list',
    z.object({ actor: Actor, query: RecommendationListQuery }),
    RecommendationList,
  ),
  evaluate: rpc(
    'observation',
    'recommendations.evaluate',
    z.object({ actor: Actor }),
    RecommendationList,
  ),
  dismiss: rpc('observation', 'recommendations.dismiss', RecommendationRef, Recommendation),
  implement: rpc('observation', 'recommendations.implement', RecommendationRef, Recommendation),
} as const;
