import type { Video } from '@hub/proto';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchText } from '../ui/useSearchText';
import { i18n } from '../i18n/i18n';
import { toast } from '../toast/toastStore';
import { loadedRows } from '../api/paging';
import { ListToolbar } from '../ui/ListStates';
import { LoadMore } from '../ui/LoadMore';
import { UnknownPeopleSection } from '../unknown-people/UnknownPeopleSection';
import { AnalyzeVideoDialog } from './AnalyzeVideoDialog';
import { useUploadVideo } from './mutations';
import { videoListInterval, videosQuery } from './queries';
import { UploadVideoDialog } from './UploadVideoDialog';
import { VideoList } from './VideoList';
import { VideoPlayerDialog } from './VideoPlayerDialog';
import { useTranslation } from 'react-i18next';

/** The Videos tab of the Library (/library/videos). */
export function VideosTab() {
  const { t } = useTranslation();
  const { text: searchText, setText: setSearchText, search } = useSearchText();
  const [uploadOpen, setUploadOpen] = useState(false);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const [analysing, setAnalysing] = useState<Video | null>(null);
  const [playing, setPlaying] = useState<{ video: Video; focus: 'player' | 'report' } | null>(null);

  const videos = useInfiniteQuery({
    ...videosQuery(search),
    // Every 3 s while a video on the list is being analysed, so its progress moves by itself.
    refetchInterval: (query) =>
      videoListInterval(query.state.data?.pages.flatMap((page) => page.videos)),
  });

  const { isError, errorUpdatedAt } = videos;
  useEffect(() => {
    // i18n.t, not the hook's t: a change of language must not tell the failure again.
    if (isError) toast({ title: i18n.t('videos.fetchFailed'), variant: 'destructive' });
  }, [isError, errorUpdatedAt]);

  const upload = useUploadVideo({
    onProgress: setUploadProgress,
    onUploaded: () => {
      setUploadOpen(false);
      setSearchText('');
    },
  });

  const refresh = async () => {
    const result = await videos.refetch();
    if (!result.isError) toast({ title: t('videos.refreshed') });
  };

  const { rows: list, totalCount } = loadedRows(videos.data?.pages, (page) => page.videos);
  // Dialogs follow the list, so a row's live status shows in them too.
  const live = (video: Video | null) =>
    video ? (list?.find((item) => item.id === video.id) ?? video) : null;
  const analysed = live(analysing);
  const played = playing ? { ...playing, video: live(playing.video)! } : null;

  return (
    <section data-testid="video-library" className="space-y-4">
      <header>
        <h2 className="text-lg font-semibold">{t('videos.title')}</h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('videos.subtitle')}</p>
      </header>
      <ListToolbar
        noun="videos"
        testIdNoun="video"
        searchText={searchText}
        onSearch={setSearchText}
        refreshing={videos.isFetching}
        onRefresh={() => void refresh()}
        uploadLabel={t('videos.uploadVideo')}
        onUpload={() => setUploadOpen(true)}
      />
      {videos.isError && list === undefined ? (
        <p role="alert" className="text-sm text-red-600">
          {t('videos.fetchFailed')}
        </p>
      ) : (
        <VideoList
          videos={list}
          loading={videos.isPending}
          uploadProgress={uploadProgress}
          onPlay={(video) => setPlaying({ video, focus: 'player' })}
          onReport={(video) => setPlaying({ video, focus: 'report' })}
          onAnalyse={setAnalysing}
          search={search}
          onClearSearch={() => setSearchText('')}
        />
      )}
      <LoadMore
        noun="videos"
        shown={list?.length ?? 0}
        total={totalCount}
        hasMore={videos.hasNextPage}
        loading={videos.isFetchingNextPage}
        onLoadMore={() => void videos.fetchNextPage()}
      />
      <UnknownPeopleSection
        videosVersion={list?.map((video) => `${video.id}:${video.analyzedAt ?? ''}`).join(',')}
      />
      <UploadVideoDialog
        open={uploadOpen}
        onOpenChange={setUploadOpen}
        progress={uploadProgress}
        onUpload={(fields, file) => upload.mutate({ fields, file })}
      />
      <AnalyzeVideoDialog video={analysed} onClose={() => setAnalysing(null)} />
      <VideoPlayerDialog
        video={played?.video ?? null}
        focus={played?.focus ?? 'player'}
        onClose={() => setPlaying(null)}
      />
    </section>
  );
}
