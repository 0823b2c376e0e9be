/**
 * The onboarding checklists' steps (an organization's and the console's), by proto's
 * ONBOARDING_TEXT_KEYS: the server sends the key and its counts, worded by `counts` first.
 */
export const onboardingSteps = {
  counts: {
    members_one: '{{count}} member',
    members_many: '{{count}} members',
    members_other: '{{count}} members',
    invitations_one: '{{count}} invitation',
    invitations_many: '{{count}} invitations',
    invitations_other: '{{count}} invitations',
    signIns_one: '{{count}} sign-in',
    signIns_many: '{{count}} sign-ins',
    signIns_other: '{{count}} sign-ins',
    sops_one: '{{count}} SOP processed',
    sops_many: '{{count}} SOPs processed',
    sops_other: '{{count}} SOPs processed',
    evaluations_one: '{{count}} evaluation published',
    evaluations_many: '{{count}} evaluations published',
    evaluations_other: '{{count}} evaluations published',
    observations_one: '{{count}} observation completed',
    observations_many: '{{count}} observations completed',
    observations_other: '{{count}} observations completed',
    cameras_one: '{{count}} camera assigned',
    cameras_many: '{{count}} cameras assigned',
    cameras_other: '{{count}} cameras assigned',
    organizations_one: '{{count}} organization',
    organizations_many: '{{count}} organizations',
    organizations_other: '{{count}} organizations',
    samlOrganizations_one: '{{count}} SAML organization',
    samlOrganizations_many: '{{count}} SAML organizations',
    samlOrganizations_other: '{{count}} SAML organizations',
    admins_one: '{{count}} admin user',
    admins_many: '{{count}} admin users',
    admins_other: '{{count}} admin users',
    accounts_one: '{{count}} supervisor, manager or operator account',
    accounts_many: '{{count}} supervisor, manager or operator accounts',
    accounts_other: '{{count}} supervisor, manager or operator accounts',
    invited_one: '{{count}} invited user',
    invited_many: '{{count}} invited users',
    invited_other: '{{count}} invited users',
  },
  steps: {
    people_none: {
      label: 'Import or invite your people',
      detail: 'Nobody besides administrators yet',
    },
    people: {
      label: 'Import or invite your people',
      detail: '{{members}} besides administrators, {{invitations}} not yet accepted',
    },
    sign_in_saml: {
      label: 'Test single sign-on',
      detail: '{{signIns}} through your identity provider',
    },
    sign_in_password: {
      label: 'Test signing in',
      detail: '{{signIns}} with a password',
    },
    first_sop: {
      label: 'Process your first SOP',
      detail: '{{sops}}',
    },
    first_evaluation: {
      label: 'Publish your first evaluation',
      detail: '{{evaluations}}',
    },
    first_observation: {
      label: 'Complete your first observation',
      detail: '{{observations}}',
    },
    camera_system: {
      label: 'Connect a camera system',
      detail: '{{cameras}}',
    },
    organization: {
      label: 'Create organization',
      detail: '{{organizations}}',
    },
    organization_with_platform: {
      label: 'Create organization',
      detail: "{{organizations}}, the platform's own included ({{client}} client)",
    },
    sso_identifier: {
      label: 'Set up Auth0 organization',
      detail: '{{organizations}} with an SSO identifier',
    },
    saml_complete: {
      label: 'Configure SAML SSO if required',
      detail: 'Every SAML organization has its identifier',
    },
    saml_missing: {
      label: 'Configure SAML SSO if required',
      detail: '{{samlOrganizations}} lacking an identifier',
    },
    admins: {
      label: 'Create admin users',
      detail: '{{admins}}',
    },
    users: {
      label: 'Import existing users',
      detail: '{{accounts}}',
    },
    settings_saved: {
      label: 'Configure organization settings',
      detail: 'AI prompts saved',
    },
    settings_unsaved: {
      label: 'Configure organization settings',
      detail: 'AI prompts not saved yet',
    },
    auth_test: {
      label: 'Test authentication flows',
      detail: '{{signIns}} by organization users',
    },
    materials: {
      label: 'Send onboarding materials',
      detail: '{{accepted}} of {{invited}} completed setup',
    },
  },
} as const;
