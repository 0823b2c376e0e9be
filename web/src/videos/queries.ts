import {
  routePath,
  type DocumentList,
  type Video,
  type VideoList,
  type VideoWithReport,
} from '@hub/proto';
import { api } from '../api/routes';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../api/client';
import { cursorPaging } from '../api/paging';
import { anyProcessing } from './format';
import { refreshQueries } from '../api/refresh';

/** Spec section 9: videos 50 at a time; the SOP selector 100. */
export const VIDEO_PAGE_SIZE = 50;
export const SOP_CHOICES_LIMIT = 100;
/** While a video is being analysed, the list is fetched every 3 s. */
export const POLL_INTERVAL_MS = 3000;

/** The list query's parameters: the search only when something is typed. */
export function videoListParams(search: string) {
  const text = search.trim();
  return { search: text === '' ? undefined : text, limit: VIDEO_PAGE_SIZE };
}

/** The video list, 50 at a time: each further page continues after the last one loaded. */
export function videosQuery(search: string) {
  const query = videoListParams(search);
  return infiniteQueryOptions({
    queryKey: [api.videos.path, query, 'pages'],
    queryFn: ({ signal, pageParam }): Promise<VideoList> =>
      call(api.videos, { query: { ...query, cursor: pageParam }, signal }),
    ...cursorPaging,
    placeholderData: (previous) => previous,
  });
}

/** The list's polling: every 3 s while any video on it is processing. */
export function videoListInterval(videos: readonly Video[] | undefined): number | false {
  return anyProcessing(videos) ? POLL_INTERVAL_MS : false;
}

/** One video with its report; fetched afresh each time a dialog opens it. */
/** Every opened video (its report). */
export const videoPagesKey = [api.video.path];

export function videoQuery(id: number) {
  return queryOptions({
    queryKey: [...videoPagesKey, id],
    queryFn: ({ signal }): Promise<VideoWithReport> => call(api.video, { params: { id }, signal }),
    staleTime: 0,
  });
}

/** Processed SOPs to link to or analyse a video against (spec: SOP selector, 100). */
export const sopChoicesQuery = queryOptions({
  queryKey: [api.documents.path, { sopProcessed: 'true', limit: SOP_CHOICES_LIMIT }],
  queryFn: ({ signal }): Promise<DocumentList> =>
    call(api.documents, { query: { sopProcessed: 'true', limit: SOP_CHOICES_LIMIT }, signal }),
});

/** The <video> source: GET /api/videos/stream/{encoded s3Key}; null without a key. */
export function videoStreamUrl(s3Key: string | null | undefined): string | null {
  if (!s3Key || s3Key.trim() === '') return null;
  return routePath(api.videoStream, { key: s3Key });
}

/** Every page of every search of the video list. */
export const videoListsKey = [api.videos.path];

/** After an upload, deletion or a started analysis. */
export async function refreshVideos(queryClient: QueryClient, id?: number): Promise<void> {
  const video = id === undefined ? [] : [videoQuery(id).queryKey];
  await refreshQueries(queryClient, videoListsKey, ...video);
}
