import { type OrganizationOnboarding } from '@hub/proto';
import { api } from '../api/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/client';

/** An organization's checklist: the caller's own without an id (an administrator's). */
export const organizationOnboardingQuery = (organizationId?: number) =>
  queryOptions({
    queryKey: [api.organizationOnboarding.path, organizationId ?? 'own'],
    queryFn: ({ signal }): Promise<OrganizationOnboarding> =>
      call(api.organizationOnboarding, {
        query: organizationId === undefined ? {} : { organizationId },
        signal,
      }),
  });
