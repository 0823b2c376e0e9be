import {
  api,
  type NamedUnknownPerson,
  type UnknownPersonDetail,
  type UnknownPersonList,
} from '@hub/proto';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, call } from '../api/client';
import { cursorPaging } from '../api/paging';
import { i18n } from '../i18n/i18n';
import { toast } from '../toast/toastStore';
import { refreshVideos } from '../videos/queries';
import { unknownPersonLabel } from './label';

/** People a page: a screenful of cards; more load on demand. */
export const UNKNOWN_PEOPLE_PAGE_SIZE = 24;

export const unknownPeopleQuery = infiniteQueryOptions({
  queryKey: [api.unknownPeople.path, 'pages'],
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

/**
 * Names every face of the unknown person: the reports change on the server at once, so the
 * videos, their reports, the people and a member's page are fetched again.
 */
export function useNameUnknownPerson(onNamed: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, userId }: { id: number; userId: number }) =>
      call(api.nameUnknownPerson, { params: { id }, body: { userId } }),
    onSuccess: async (named: NamedUnknownPerson) => {
      const faces = i18n.t('unknownPeople.namedFaces', { count: named.faces });
      const videos = i18n.t('unknownPeople.videos', { count: named.videos });
      // The server's `message` is English; the counts are worded here.
      toast({
        title: i18n.t('unknownPeople.named'),
        description: i18n.t('unknownPeople.namedSummary', { faces, videos }),
      });
      onNamed();
      await Promise.all([
        refreshVideos(queryClient),
        queryClient.invalidateQueries({ queryKey: [api.unknownPeople.path] }),
        queryClient.invalidateQueries({ queryKey: [api.video.path] }),
        queryClient.invalidateQueries({ queryKey: [api.teamMember.path] }),
      ]);
    },
    onError: (error) =>
      toast({
        title: i18n.t('unknownPeople.notNamed'),
        // The server's refusal (in the reader's language), never a browser's English message.
        description:
          (error instanceof ApiError && error.serverMessage) || i18n.t('unknownPeople.tryAgain'),
        variant: 'destructive',
      }),
  });
}
