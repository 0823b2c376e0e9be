import { type VerifyInvitationResponse } from '@hub/proto';
import { api } from '../api/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/client';
import type { InvitationParams } from './invitation';

/** Checks an invitation link's token and email; asked once per page, never kept. */
export function verifyInvitationQuery(params: InvitationParams | null) {
  return queryOptions({
    queryKey: [api.verifyInvitation.path, params?.token, params?.email],
    queryFn: ({ signal }): Promise<VerifyInvitationResponse> =>
      call(api.verifyInvitation, { body: params!, signal }),
    enabled: params !== null,
    gcTime: 0,
  });
}
