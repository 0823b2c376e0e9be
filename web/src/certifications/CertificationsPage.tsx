import {
  CERTIFICATION_STATES,
  type Certification,
  type CertificationList,
  type CertificationState,
  CertificationState as StateSchema,
} from '@hub/proto';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Award, Search } from 'lucide-react';
import { useState } from 'react';
import { currentUserQuery } from '../api/queries';
import { useSearchText } from '../ui/useSearchText';
import { Card, CardTitle } from '../ui/Card';
import { emptyListText } from '../ui/emptyList';
import { EmptyList, LoadingRow } from '../ui/ListStates';
import { inputClass, selectClass } from '../ui/styles';
import { CategoriesCard } from './CategoriesCard';
import { CertificationCards } from './CertificationCards';
import { CertificationPages } from './CertificationPages';
import { CertificationRow } from './CertificationRow';
import { canRevoke, matchesSearch, seesEveryone, stateLabel } from './format';
import { certificationsQuery } from './queries';
import { RevokeDialog } from './RevokeDialog';
import { MySopsCard } from '../my-sops/MySopsCard';
import { useTranslation } from 'react-i18next';

const CERTIFICATION_SOPS = ['certification'] as const;

/** /certifications: every certification the caller may see, with its certificate. */
export function CertificationsPage() {
  const { t } = useTranslation();
  const role = useQuery(currentUserQuery).data?.role;
  const [state, setState] = useState<CertificationState | undefined>(undefined);
  const { text: search, setText: setSearch, search: searched } = useSearchText();
  const [revoking, setRevoking] = useState<Certification | null>(null);
  // The server searches every certification; the list shown meanwhile narrows as one types.
  const list = useQuery({
    ...certificationsQuery(state, searched),
    placeholderData: keepPreviousData,
  });

  return (
    <div data-testid="certifications-page" className="mx-auto max-w-7xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold">{t('certifications.title')}</h1>
        <p className="text-slate-500 dark:text-slate-400">
          {seesEveryone(role) ? t('certifications.subtitleStaff') : t('certifications.subtitleOwn')}
        </p>
      </header>
      <CertificationCards summary={list.data?.summary} />
      <MySopsCard title={t('certifications.mySops')} kinds={CERTIFICATION_SOPS} />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="space-y-4 lg:col-span-2" testId="cert-recent">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <CardTitle>{t('certifications.recent')}</CardTitle>
            <div className="flex flex-wrap gap-2">
              <label className="relative w-full sm:w-56">
                <span className="sr-only">{t('certifications.search')}</span>
                <Search aria-hidden className="absolute top-3 left-3 size-4 text-slate-400" />
                <input
                  data-testid="cert-search"
                  className={`${inputClass} pl-9`}
                  placeholder={t('certifications.searchPlaceholder')}
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                />
              </label>
              <div className="w-40">
                <select
                  aria-label={t('certifications.stateFilter')}
                  data-testid="cert-state-filter"
                  className={selectClass}
                  value={state ?? 'all'}
                  onChange={(event) => {
                    const parsed = StateSchema.safeParse(event.target.value);
                    setState(parsed.success ? parsed.data : undefined);
                  }}
                >
                  <option value="all">{t('certifications.allStates')}</option>
                  {CERTIFICATION_STATES.map((value) => (
                    <option key={value} value={value}>
                      {stateLabel(value)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          </div>
          <RecentList
            // A new filter's pages start again: none loaded, none asked.
            key={`${state ?? 'all'}:${searched}`}
            loading={list.isPending}
            failed={list.isError}
            first={list.isPlaceholderData ? undefined : list.data}
            shownMeanwhile={list.data?.certifications ?? []}
            state={state}
            searched={searched}
            onRevoke={canRevoke(role) ? setRevoking : undefined}
            search={search}
            filters={state === undefined ? 0 : 1}
            onClear={() => {
              setSearch('');
              setState(undefined);
            }}
          />
        </Card>
        <CategoriesCard categories={list.data?.categories} />
      </div>
      <RevokeDialog certification={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}

interface RecentListProps {
  loading: boolean;
  failed: boolean;
  /** The first page of the filter asked; undefined while the one before still shows. */
  first: CertificationList | undefined;
  /** The rows shown until the filter's first page comes: the filter's before. */
  shownMeanwhile: Certification[];
  state: CertificationState | undefined;
  /** The search the server was asked (debounced); `search` is what is typed. */
  searched: string;
  onRevoke?: (certification: Certification) => void;
  search: string;
  filters: number;
  onClear: () => void;
}

function RecentList(props: RecentListProps) {
  const { t } = useTranslation();
  if (props.loading) return <LoadingRow label={t('certifications.loading')} />;
  if (props.failed) {
    return <p className="text-sm text-red-600">{t('certifications.loadFailed')}</p>;
  }
  if (!props.first) return <Rows {...props} certifications={props.shownMeanwhile} />;
  return (
    <CertificationPages
      first={props.first}
      state={props.state}
      searched={props.searched}
      shows={(certification) => matchesSearch(certification, props.search)}
    >
      {(certifications) => <Rows {...props} certifications={certifications} />}
    </CertificationPages>
  );
}

function Rows(
  props: Pick<RecentListProps, 'onRevoke' | 'search' | 'filters' | 'onClear'> & {
    certifications: Certification[];
  },
) {
  const { t } = useTranslation();
  const shown = props.certifications.filter((certification) =>
    matchesSearch(certification, props.search),
  );
  if (shown.length === 0) {
    return (
      <EmptyList
        testId="cert-empty"
        icon={Award}
        onClear={props.onClear}
        {...emptyListText({
          noun: 'certifications',
          search: props.search,
          filters: props.filters,
          title: t('certifications.emptyTitle'),
          hint: t('certifications.emptyHint'),
        })}
      />
    );
  }
  return (
    <ul className="space-y-3">
      {shown.map((certification) => (
        <CertificationRow
          key={certification.id}
          certification={certification}
          onRevoke={props.onRevoke}
        />
      ))}
    </ul>
  );
}
