import type {
  FloorOnboardingFacts,
  LibraryOnboardingFacts,
  ObservationOnboardingFacts,
  OnboardingTextKey,
  OrganizationOnboardingStep,
  PeopleOnboardingFacts,
  TextParams,
} from '@hub/proto';

export interface OnboardingFacts {
  people: PeopleOnboardingFacts;
  library: LibraryOnboardingFacts;
  observations: ObservationOnboardingFacts;
  floor: FloorOnboardingFacts;
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

interface StepWords {
  /** The catalog key clients word the step by, and its counts. */
  text: OnboardingTextKey;
  params?: TextParams;
  /** The same in English, for API clients. */
  label: string;
  detail: string;
}

/**
 * An organization's way from empty to in use, each step read from its records and pointing to
 * the page where it is done. A camera system is optional: many plants start without one.
 */
export function organizationChecklist(facts: OnboardingFacts): OrganizationOnboardingStep[] {
  const { people, library, observations, floor } = facts;
  const signIns = people.samlConfigured ? people.samlSignIns : people.passwordSignIns;
  const step = (
    key: string,
    words: StepWords,
    done: boolean,
    href: string,
    optional = false,
  ): OrganizationOnboardingStep => ({
    key,
    label: words.label,
    done,
    detail: words.detail,
    href,
    optional,
    text: { key: words.text, params: words.params ?? {} },
  });
  return [
    step('people', peopleWords(people), people.members > 0, '/people-import'),
    step(
      'sign-in',
      people.samlConfigured
        ? {
            text: 'sign_in_saml',
            params: { signIns },
            label: 'Test single sign-on',
            detail: `${plural(signIns, 'sign-in')} through your identity provider`,
          }
        : {
            text: 'sign_in_password',
            params: { signIns },
            label: 'Test signing in',
            detail: `${plural(signIns, 'sign-in')} with a password`,
          },
      signIns > 0,
      '/settings',
    ),
    step(
      'first-sop',
      {
        text: 'first_sop',
        params: { sops: library.processedSops },
        label: 'Process your first SOP',
        detail: `${plural(library.processedSops, 'SOP')} processed`,
      },
      library.processedSops > 0,
      '/library/documents',
    ),
    step(
      'first-evaluation',
      {
        text: 'first_evaluation',
        params: { evaluations: library.publishedEvaluations },
        label: 'Publish your first evaluation',
        detail: `${plural(library.publishedEvaluations, 'evaluation')} published`,
      },
      library.publishedEvaluations > 0,
      '/library/documents',
    ),
    step(
      'first-observation',
      {
        text: 'first_observation',
        params: { observations: observations.completedObservations },
        label: 'Complete your first observation',
        detail: `${plural(observations.completedObservations, 'observation')} completed`,
      },
      observations.completedObservations > 0,
      '/library/observations',
    ),
    step(
      'camera-system',
      {
        text: 'camera_system',
        params: { cameras: floor.assignedCameras },
        label: 'Connect a camera system',
        detail: `${plural(floor.assignedCameras, 'camera')} assigned`,
      },
      floor.assignedCameras > 0,
      '/integrations',
      true,
    ),
  ];
}

function peopleWords(people: PeopleOnboardingFacts): StepWords {
  const label = 'Import or invite your people';
  if (people.members === 0) {
    return { text: 'people_none', label, detail: 'Nobody besides administrators yet' };
  }
  return {
    text: 'people',
    params: { members: people.members, invitations: people.pendingMembers },
    label,
    detail: `${plural(people.members, 'member')} besides administrators, ${plural(people.pendingMembers, 'invitation')} not yet accepted`,
  };
}
