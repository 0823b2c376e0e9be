/** A page's own refusal, where the spec words one (pageAccess.ts `messageKey`). */
export const access = {
  refusals: {
    integrations: 'Access Restricted: Only Super Administrators can access integrations settings.',
  },
} as const;
