import { type CertificationList, type CertificationState, routePath } from '@hub/proto';
import { api } from '../api/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/client';

/** Every state's list: a revocation moves a certification between them. */
export const certificationListsKey = [api.certifications.path];

export function certificationsQuery(state: CertificationState | undefined) {
  return queryOptions({
    queryKey: [...certificationListsKey, state ?? 'all'],
    queryFn: ({ signal }): Promise<CertificationList> =>
      call(api.certifications, { query: { state }, signal }),
  });
}

/** The PDF's address: a plain link, so the browser downloads it with the session cookie. */
export const certificatePdfUrl = (id: number) => routePath(api.certificatePdf, { id });
