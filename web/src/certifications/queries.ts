import { type CertificationList, type CertificationState, routePath } from '@hub/proto';
import { api } from '../api/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/client';

/** Every state's list: a revocation moves a certification between them. */
export const certificationListsKey = [api.certifications.path];

/**
 * The certifications of a state, searched by the server: the list holds only the most recent
 * (200), so a search among them alone missed whoever's were older.
 */
export function certificationsQuery(state: CertificationState | undefined, search = '') {
  const searched = search.trim() || undefined;
  return queryOptions({
    queryKey: [...certificationListsKey, state ?? 'all', searched ?? ''],
    queryFn: ({ signal }): Promise<CertificationList> =>
      call(api.certifications, { query: { state, search: searched }, signal }),
  });
}

/** The PDF's address: a plain link, so the browser downloads it with the session cookie. */
export const certificatePdfUrl = (id: number) => routePath(api.certificatePdf, { id });
