import { Controller, Inject, Query } from '@nestjs/common';
import { type Actor, api, onboardingRpc, type OnboardingQuery } from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';
import { organizationChecklist } from './organization-checklist.js';

@Controller()
export class OnboardingController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  /**
   * Each service counts its own records and checks again that the actor may run the
   * organization; identity answers first, so an unknown organization is a 404 and a foreign one
   * a 403 before the others are asked.
   */
  @Endpoint(api.organizationOnboarding)
  async checklist(@CurrentActor() actor: Actor, @Query() query: OnboardingQuery) {
    const request = { actor, organizationId: query.organizationId ?? actor.organizationId };
    const people = await this.rpc.call(onboardingRpc.peopleFacts, request);
    const [library, observations, floor] = await Promise.all([
      this.rpc.call(onboardingRpc.libraryFacts, request),
      this.rpc.call(onboardingRpc.observationFacts, request),
      this.rpc.call(onboardingRpc.floorFacts, request),
    ]);
    const steps = organizationChecklist({ people, library, observations, floor });
    return {
      organizationId: request.organizationId,
      organizationName: people.organizationName,
      done: steps.filter((step) => step.done).length,
      total: steps.length,
      steps,
    };
  }
}
