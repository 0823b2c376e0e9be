import type {
  FloorOnboardingFacts,
  LibraryOnboardingFacts,
  ObservationOnboardingFacts,
  OrganizationOnboardingStep,
  PeopleOnboardingFacts,
} from '@hub/proto';

export interface OnboardingFacts {
  people: PeopleOnboardingFacts;
  library: LibraryOnboardingFacts;
  observations: ObservationOnboardingFacts;
  floor: FloorOnboardingFacts;
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/**
 * An organization's way from empty to in use, each step read from its records and pointing to
 * the page where it is done. A camera system is optional: many plants start without one.
 */
export function organizationChecklist(facts: OnboardingFacts): OrganizationOnboardingStep[] {
  const { people, library, observations, floor } = facts;
  const signIns = people.samlConfigured ? people.samlSignIns : people.passwordSignIns;
  const step = (
    key: string,
    label: string,
    done: boolean,
    detail: string,
    href: string,
    optional = false,
  ): OrganizationOnboardingStep => ({ key, label, done, detail, href, optional });
  return [
    step(
      'people',
      'Import or invite your people',
      people.members > 0,
      people.members === 0
        ? 'Nobody besides administrators yet'
        : `${plural(people.members, 'member')} besides administrators, ${plural(people.pendingMembers, 'invitation')} not yet accepted`,
      '/people-import',
    ),
    step(
      'sign-in',
      people.samlConfigured ? 'Test single sign-on' : 'Test signing in',
      signIns > 0,
      people.samlConfigured
        ? `${plural(signIns, 'sign-in')} through your identity provider`
        : `${plural(signIns, 'sign-in')} with a password`,
      '/settings',
    ),
    step(
      'first-sop',
      'Process your first SOP',
      library.processedSops > 0,
      `${plural(library.processedSops, 'SOP')} processed`,
      '/library/documents',
    ),
    step(
      'first-evaluation',
      'Publish your first evaluation',
      library.publishedEvaluations > 0,
      `${plural(library.publishedEvaluations, 'evaluation')} published`,
      '/library/documents',
    ),
    step(
      'first-observation',
      'Complete your first observation',
      observations.completedObservations > 0,
      `${plural(observations.completedObservations, 'observation')} completed`,
      '/library/observations',
    ),
    step(
      'camera-system',
      'Connect a camera system',
      floor.assignedCameras > 0,
      `${plural(floor.assignedCameras, 'camera')} assigned`,
      '/integrations',
      true,
    ),
  ];
}
