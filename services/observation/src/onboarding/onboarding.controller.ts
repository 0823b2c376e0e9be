import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { onboardingRpc, type RpcRequest } from '@hub/proto';
import { requireOrganization, RpcHandler } from '@hub/kit';
import { OnboardingFactsRepository } from './onboarding-facts.repository.js';

@Controller()
export class OnboardingController {
  constructor(private readonly facts: OnboardingFactsRepository) {}

  @RpcHandler(onboardingRpc.observationFacts)
  observationFacts(
    @Payload() { actor, organizationId }: RpcRequest<typeof onboardingRpc.observationFacts>,
  ) {
    requireOrganization(actor, organizationId);
    return this.facts.facts(organizationId);
  }
}
