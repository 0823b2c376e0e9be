import { z } from 'zod';
import {
  FloorOnboardingFacts,
  LibraryOnboardingFacts,
  ObservationOnboardingFacts,
  PeopleOnboardingFacts,
} from '../onboarding.js';
import { Actor, ORGANIZATION_ADMINS } from '../roles.js';
import { rpc } from '../rpc.js';

/** Each service checks again that the actor may run this organization. */
const OrganizationFactsRequest = z.object({
  actor: Actor,
  organizationId: z.number().int().positive(),
});

/** An organization's onboarding facts, each from the service that holds the records. */
export const onboardingRpc = {
  peopleFacts: rpc(
    'identity',
    'onboarding.people',
    ORGANIZATION_ADMINS,
    OrganizationFactsRequest,
    PeopleOnboardingFacts,
  ),
  libraryFacts: rpc(
    'library',
    'onboarding.library',
    ORGANIZATION_ADMINS,
    OrganizationFactsRequest,
    LibraryOnboardingFacts,
  ),
  observationFacts: rpc(
    'observation',
    'onboarding.observations',
    ORGANIZATION_ADMINS,
    OrganizationFactsRequest,
    ObservationOnboardingFacts,
  ),
  floorFacts: rpc(
    'integration',
    'onboarding.floor',
    ORGANIZATION_ADMINS,
    OrganizationFactsRequest,
    FloorOnboardingFacts,
  ),
} as const;
