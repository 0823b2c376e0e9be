import { type UnknownPersonDetail, type UnknownPersonList } from '@hub/proto';
import { api } from '../api/routes';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../api/client';
import { cursorPaging } from '../api/paging';
import { i18n } from '../i18n/i18n';
import { unknownPersonLabel } from './label';

/** People a page: a screenful of cards; more load on demand. */
export const UNKNOWN_PEOPLE_PAGE_SIZE = 24;

/** The list's pages, whatever was loaded of it. */
export const unknownPeopleKey = [api.unknownPeople.path];

export const unknownPeopleQuery = infiniteQueryOptions({
  queryKey: [...unknownPeopleKey, 'pages'],
  queryFn: ({ signal, pageParam }): Promise<UnknownPersonList> =>
    call(api.unknownPeople, {
      query: { limit: UNKNOWN_PEOPLE_PAGE_SIZE, cursor: pageParam },
      signal,
    }),
  ...cursorPaging,
});

export function unknownPersonQuery(id: number) {
  return queryOptions({
    queryKey: [api.unknownPerson.path, id],
    queryFn: ({ signal }): Promise<UnknownPersonDetail> =>
      call(api.unknownPerson, { params: { id }, signal }),
    staleTime: 0,
  });
}

/** "Unknown person 3: 4 videos, 11 appearances". */
export function unknownPersonSummary(person: {
  number?: number;
  label: string;
  videos: number;
  appearances: number;
}): string {
  return i18n.t('unknownPeople.summary', {
    label: unknownPersonLabel(person),
    videos: i18n.t('unknownPeople.videos', { count: person.videos }),
    appearances: i18n.t('unknownPeople.appearances', { count: person.appearances }),
  });
}
