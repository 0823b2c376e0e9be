/** The organization's onboarding checklist (its steps' own texts come from the server). */
export const onboarding = {
  gettingStarted: 'Getting started',
  loadFailed: 'The checklist could not be loaded: {{message}}',
  stepsDone_one: '{{done}} of {{total}} step done',
  stepsDone_many: '{{done}} of {{total}} steps done',
  stepsDone_other: '{{done}} of {{total}} steps done',
  progress: 'Onboarding progress',
  done: 'Done',
  notDone: 'Not done',
  optional: 'Optional',
  perOrganization: 'Onboarding per organization',
  organization: 'Organization',
} as const;
