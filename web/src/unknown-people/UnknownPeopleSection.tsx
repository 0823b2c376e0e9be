import type { UnknownPerson } from '@hub/proto';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { loadedRows } from '../api/paging';
import { formatDate } from '../ui/dates';
import { LoadMore } from '../ui/LoadMore';
import { FaceThumbnail } from './FaceThumbnail';
import { unknownPersonLabel } from './label';
import { unknownPeopleQuery, unknownPersonSummary } from './queries';
import { UnknownPersonDialog } from './UnknownPersonDialog';
import { useTranslation } from 'react-i18next';

/**
 * Faces of the organization's videos that match no member, one card a person across videos;
 * opening one shows their faces and names them all at once.
 */
export function UnknownPeopleSection({ videosVersion }: { videosVersion?: string }) {
  const { t } = useTranslation();
  const people = useInfiniteQuery(unknownPeopleQuery);
  const [open, setOpen] = useState<UnknownPerson | null>(null);
  // A video analysed, analysed again or deleted changes who is unknown: fetched again then.
  const { refetch } = people;
  const seen = useRef(videosVersion);
  useEffect(() => {
    if (videosVersion === seen.current) return;
    seen.current = videosVersion;
    void refetch();
  }, [videosVersion, refetch]);
  const loaded = loadedRows(people.data?.pages, (page) => page.people);
  const list = loaded.rows ?? [];
  return (
    <section
      data-testid="unknown-people"
      aria-labelledby="unknown-people-title"
      className="space-y-3"
    >
      <header>
        <h3 id="unknown-people-title" className="text-base font-semibold">
          {t('unknownPeople.title')}
        </h3>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {t('unknownPeople.description')}
        </p>
      </header>
      {people.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {t('unknownPeople.loadFailed')}
        </p>
      ) : people.isPending ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('unknownPeople.loading')}</p>
      ) : list.length === 0 ? (
        <p
          data-testid="unknown-people-empty"
          className="text-sm text-slate-500 dark:text-slate-400"
        >
          {t('unknownPeople.empty')}
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((person) => (
            <li key={person.id}>
              <button
                type="button"
                data-testid="unknown-person"
                data-unknown-person={person.label}
                onClick={() => setOpen(person)}
                className="flex w-full items-center gap-3 rounded-lg border border-slate-200 p-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-800 dark:hover:bg-slate-900"
              >
                <FaceThumbnail
                  url={person.thumbnailUrl}
                  label={t('unknownPeople.faceOf', { label: unknownPersonLabel(person) })}
                />
                <span className="min-w-0 space-y-1">
                  <span data-testid="unknown-person-summary" className="block text-sm font-medium">
                    {unknownPersonSummary(person)}
                  </span>
                  <span className="block text-xs text-slate-500 dark:text-slate-400">
                    {t('unknownPeople.lastSeen', { date: formatDate(person.lastSeenAt) })}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        noun="people"
        shown={list.length}
        total={loaded.totalCount}
        hasMore={people.hasNextPage}
        loading={people.isFetchingNextPage}
        onLoadMore={() => void people.fetchNextPage()}
      />
      <UnknownPersonDialog person={open} onClose={() => setOpen(null)} />
    </section>
  );
}
