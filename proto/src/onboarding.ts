import { z } from 'zod';
import { OnboardingStep } from './accounts.js';
import { RowId } from './row-id.js';

/** Which organization's checklist: an administrator's own by default; any for the super administrator. */
export const OnboardingQuery = z.object({
  organizationId: RowId.optional(),
});
export type OnboardingQuery = z.infer<typeof OnboardingQuery>;

/** What identity knows of an organization's way in: its people and how they signed in. */
export const PeopleOnboardingFacts = z.object({
  organizationName: z.string(),
  /** Members besides the administrators: invited (pending) or active. */
  members: z.number().int(),
  pendingMembers: z.number().int(),
  samlConfigured: z.boolean(),
  /** Sign-ins by anyone of the organization, by method. */
  passwordSignIns: z.number().int(),
  samlSignIns: z.number().int(),
});
export type PeopleOnboardingFacts = z.infer<typeof PeopleOnboardingFacts>;

export const LibraryOnboardingFacts = z.object({
  processedSops: z.number().int(),
  publishedEvaluations: z.number().int(),
});
export type LibraryOnboardingFacts = z.infer<typeof LibraryOnboardingFacts>;

export const ObservationOnboardingFacts = z.object({
  completedObservations: z.number().int(),
});
export type ObservationOnboardingFacts = z.infer<typeof ObservationOnboardingFacts>;

export const FloorOnboardingFacts = z.object({
  /** Cameras of a camera system assigned to the organization. */
  assignedCameras: z.number().int(),
});
export type FloorOnboardingFacts = z.infer<typeof FloorOnboardingFacts>;

/** A step of an organization's checklist, with the page where it is done. */
export const OrganizationOnboardingStep = OnboardingStep.extend({ href: z.string() });
export type OrganizationOnboardingStep = z.infer<typeof OrganizationOnboardingStep>;

export const OrganizationOnboarding = z.object({
  organizationId: z.number().int(),
  organizationName: z.string(),
  done: z.number().int(),
  total: z.number().int(),
  steps: z.array(OrganizationOnboardingStep),
});
export type OrganizationOnboarding = z.infer<typeof OrganizationOnboarding>;
