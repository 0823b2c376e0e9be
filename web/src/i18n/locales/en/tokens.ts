/** Settings' API and SCIM token cards (web/src/settings/ApiTokensCard, ScimTokensCard). */
export const tokens = {
  name: 'Name',
  create: 'Create token',
  revoke: 'Revoke',
  revokeTitle: 'Revoke "{{name}}"?',
  notCreatedTitle: 'Token Not Created',
  revokedTitle: 'Token Revoked',
  revokeFailedTitle: 'Revoke Failed',
  created: 'Created {{when}}',
  createdBy: 'Created {{when}} by {{name}}',
  lastUsed: 'Last used {{when}}',
  never: 'never',
  api: {
    title: 'API tokens',
    intro:
      'Let your other systems (HR, LMS, BI) call the API with <code>Authorization: Bearer</code>, never beyond the role you choose.',
    namePlaceholder: 'For example: Nightly LMS sync',
    role: 'Acts with the role',
    expiresAfter: 'Expires after',
    /** Keyed by the number of days the token lives. */
    expiry: { '30': '30 days', '90': '90 days', '180': '6 months', '365': '1 year' },
    readOnly: 'Read only (the token may only read, never change anything)',
    secretOnce: 'Copy this token now: it is shown only once.',
    loadFailed: 'The API tokens could not be loaded: {{message}}',
    none: 'No API tokens yet.',
    roleReadOnly: '{{role}}, read only',
    expires: 'Expires {{date}}',
    notCreatedDescription: 'The API token could not be created.',
    revokeFailedDescription: 'The API token could not be revoked.',
    revokeDescription: 'Every request with this token is refused from now on.',
  },
  scim: {
    title: 'User provisioning (SCIM)',
    intro:
      "Let your identity provider (Okta, Microsoft Entra ID) create, update and deactivate your organization's members and job functions.",
    tokenName: 'Token name',
    namePlaceholder: 'Token name, for example Okta',
    secretOnce:
      'Copy this token now: it is shown only once. Paste it with the base URL into your identity provider.',
    baseUrl: 'Base URL',
    token: 'Token',
    loadFailed: 'The SCIM tokens could not be loaded: {{message}}',
    none: 'No SCIM tokens yet.',
    notCreatedDescription: 'The SCIM token could not be created.',
    revokeFailedDescription: 'The SCIM token could not be revoked.',
    revokeDescription: 'Your identity provider is refused from its next request with this token.',
  },
} as const;
