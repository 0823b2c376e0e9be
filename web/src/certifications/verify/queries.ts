import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/routes';
import { call } from '../../api/client';

/** The public verify route (no session): asked once per code, never kept. */
export function verificationQuery(code: string) {
  return queryOptions({
    queryKey: [api.verifyCertification.path, code],
    queryFn: ({ signal }) => call(api.verifyCertification, { params: { code }, signal }),
    gcTime: 0,
  });
}
