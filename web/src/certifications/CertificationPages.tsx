import type { Certification, CertificationList, CertificationState } from '@hub/proto';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRowsAfter } from '../api/paging';
import { LoadMore } from '../ui/LoadMore';
import { certificationPagesQuery } from './queries';

interface CertificationPagesProps {
  /** The first page, from GET /api/certifications; the pages after it are asked on "Load more". */
  first: CertificationList;
  state: CertificationState | undefined;
  /** The search the server was asked for `first`, so the pages after it continue that list. */
  searched: string;
  /** The rows the list shows of those loaded, when it narrows them further (a search typed). */
  shows?: (certification: Certification) => boolean;
  children: (certifications: Certification[]) => ReactNode;
}

/**
 * A certifications list's first page and, on "Load more", the pages after it from the server:
 * the first page alone (200) left the rest out of sight and uncounted.
 */
export function CertificationPages({
  first,
  state,
  searched,
  shows,
  children,
}: CertificationPagesProps) {
  const { t } = useTranslation();
  const more = useRowsAfter(
    first.certifications,
    first.nextCursor,
    certificationPagesQuery(state, searched, first.nextCursor),
    (page) => page.certifications,
  );
  return (
    <>
      {children(more.rows)}
      {more.failed && (
        <p role="alert" className="text-sm text-red-600">
          {t('certifications.moreFailed')}
        </p>
      )}
      <LoadMore
        noun="certifications"
        shown={shows ? more.rows.filter(shows).length : more.rows.length}
        total={first.totalCount}
        hasMore={more.hasMore}
        loading={more.loading}
        onLoadMore={more.load}
      />
    </>
  );
}
