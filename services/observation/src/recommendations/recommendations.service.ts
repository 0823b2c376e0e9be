import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  RECOMMENDATION_ALREADY_DECIDED,
  RECOMMENDATION_NOT_FOUND,
  RECOMMENDATIONS_PAGE_SIZE,
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

  /** The rules run again; the answer is the first page, as a first visit's. */
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

  /** One page (RECOMMENDATIONS_PAGE_SIZE), its total from the states' counts. */
  private async answer(actor: Actor, query: RecommendationListQuery): Promise<RecommendationList> {
    const [page, figures, counts, evaluatedAt] = await Promise.all([
      this.repository.list(actor.organizationId, query, RECOMMENDATIONS_PAGE_SIZE),
      this.repository.figures(actor.organizationId),
      this.repository.counts(actor.organizationId),
      this.repository.evaluatedAt(actor.organizationId),
    ]);
    return {
      recommendations: page.recommendations,
      figures,
      evaluatedAt: evaluatedAt?.toISOString() ?? null,
      counts,
      totalCount: query.state
        ? counts[query.state]
        : counts.active + counts.implemented + counts.dismissed,
      nextCursor: page.nextCursor,
    };
  }
}
