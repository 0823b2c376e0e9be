import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  RECOMMENDATION_ALREADY_DECIDED,
  RECOMMENDATION_NOT_FOUND,
  type Recommendation,
  type RecommendationList,
  type RecommendationListQuery,
} from '@hub/proto';
import { RpcFailure } from '@hub/kit';
import { Members } from '../team/members.js';
import { RecommendationEngine } from './recommendation-engine.js';
import { RecommendationsRepository } from './recommendations.repository.js';

/** The Recommendations page: listed, run on demand, implemented or dismissed. */
@Injectable()
export class RecommendationsService {
  constructor(
    @Inject(RecommendationsRepository) private readonly repository: RecommendationsRepository,
    @Inject(RecommendationEngine) private readonly engine: RecommendationEngine,
    @Inject(Members) private readonly members: Members,
  ) {}

  /** The first visit of an organization runs the rules rather than show an empty page. */
  async list(actor: Actor, query: RecommendationListQuery): Promise<RecommendationList> {
    if (!(await this.repository.evaluatedAt(actor.organizationId))) {
      await this.engine.evaluate(actor.organizationId);
    }
    return this.answer(actor, query);
  }

  async evaluate(actor: Actor): Promise<RecommendationList> {
    await this.engine.evaluate(actor.organizationId);
    return this.answer(actor, {});
  }

  async decide(
    actor: Actor,
    id: number,
    state: 'implemented' | 'dismissed',
  ): Promise<Recommendation> {
    const name = await this.members.nameOf(actor);
    const decided = await this.repository.decide(actor.organizationId, id, state, {
      id: actor.userId,
      name,
    });
    if (decided) return decided;
    // Another organization's id reads as unknown, never as "already decided".
    if (await this.repository.exists(actor.organizationId, id)) {
      throw RpcFailure.validation(RECOMMENDATION_ALREADY_DECIDED);
    }
    throw RpcFailure.notFound(RECOMMENDATION_NOT_FOUND);
  }

  private async answer(actor: Actor, query: RecommendationListQuery): Promise<RecommendationList> {
    const [recommendations, figures, evaluatedAt] = await Promise.all([
      this.repository.list(actor.organizationId, query),
      this.repository.figures(actor.organizationId),
      this.repository.evaluatedAt(actor.organizationId),
    ]);
    return { recommendations, figures, evaluatedAt: evaluatedAt?.toISOString() ?? null };
  }
}
