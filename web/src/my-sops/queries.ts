import { type MySopReason, type MySopView } from '@hub/proto';
import { api } from '../api/routes';
import { queryOptions } from '@tanstack/react-query';
import { call, callWithHeaders } from '../api/client';
import { OFFLINE_COPY_HEADER } from '../pwa/sw-routing';
import { i18n } from '../i18n/i18n';

/** The SOPs of the caller's courses, job functions and certifications. */
export const mySopsQuery = queryOptions({
  queryKey: [api.mySops.path],
  queryFn: ({ signal }) => call(api.mySops, { signal }),
});

/** An SOP as read: `offlineCopy` when the service worker answered from its stored copy. */
export type ReadSop = MySopView & { offlineCopy: boolean };

/**
 * One of the caller's SOPs, read-only, with a fresh PDF link. It is asked for even when the
 * browser says it is offline (networkMode 'offlineFirst'): the service worker may answer it.
 */
export function mySopQuery(id: number) {
  return queryOptions({
    queryKey: [api.mySop.path, id],
    queryFn: async ({ signal }): Promise<ReadSop> => {
      const { body, headers } = await callWithHeaders(api.mySop, { params: { id }, signal });
      return { ...body, offlineCopy: headers.get(OFFLINE_COPY_HEADER) === '1' };
    },
    enabled: id > 0,
    retry: false,
    networkMode: 'offlineFirst',
  });
}

/** 'Course: Kitchen basics' */
export function reasonText(reason: MySopReason): string {
  return i18n.t(`mySops.reasons.${reason.kind}`, { name: reason.name });
}
