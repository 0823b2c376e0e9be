import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { onboardingRpc, type RpcRequest } from '@hub/proto';
import { requireOrganization, RpcFailure, RpcHandler } from '@hub/kit';
import { PeopleOnboardingRepository } from './people-onboarding.repository.js';

@Controller()
export class OnboardingController {
  constructor(private readonly people: PeopleOnboardingRepository) {}

  @RpcHandler(onboardingRpc.peopleFacts)
  async peopleFacts(
    @Payload() { actor, organizationId }: RpcRequest<typeof onboardingRpc.peopleFacts>,
  ) {
    requireOrganization(actor, organizationId);
    const facts = await this.people.facts(organizationId);
    if (!facts) throw RpcFailure.notFound('Organization not found');
    return facts;
  }
}
