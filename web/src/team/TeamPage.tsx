import type { TeamMember } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarDays, MapPin, Search, Upload, Users } from 'lucide-react';
import { useState } from 'react';
import { mayOpen } from '../access/pageAccess';
import { currentUserQuery } from '../api/queries';
import { formatPercent } from '../dashboard/format';
import { Badge } from '../ui/Badge';
import { Card, CardTitle } from '../ui/Card';
import { emptyListText } from '../ui/emptyList';
import { EmptyList, LoadingRow } from '../ui/ListStates';
import { inputClass, smallOutlineButtonClass } from '../ui/styles';
import { useSearchText } from '../ui/useSearchText';
import { Pager } from '../ui/Pager';
import { barWidth } from './format';
import { StatusBadge } from './StatusBadge';
import { teamMembersQuery, teamStatsQuery } from './queries';
import { TeamCards } from './TeamCards';
import { DepartmentBreakdown, PerformanceMetricsCard } from './TeamBreakdown';
import { useTranslation } from 'react-i18next';
import { readableErrorMessage } from '../api/errors';

/** People a page of the team list holds. */
export const TEAM_PAGE_SIZE = 50;

/** /team: the organization's people and their figures, each from their own records. */
export function TeamPage() {
  const { t } = useTranslation();
  const role = useQuery(currentUserQuery).data?.role;
  const stats = useQuery(teamStatsQuery);
  const { text: search, setText: setSearch, search: searched } = useSearchText();
  const [page, setPage] = useState(1);
  // Searched and paged on the server: an organization may hold 100,000 people.
  const members = useQuery(
    teamMembersQuery({ search: searched || undefined, page, pageSize: TEAM_PAGE_SIZE }),
  );
  const changeSearch = (text: string) => {
    setSearch(text);
    setPage(1);
  };

  return (
    <div data-testid="team-page" className="mx-auto max-w-7xl space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t('team.title')}</h1>
          <p className="text-slate-500 dark:text-slate-400">{t('team.subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* The spec shows these buttons without behaviour: they lead to the related pages. */}
          <Link to="/training" className={smallOutlineButtonClass}>
            <CalendarDays aria-hidden className="size-3.5" />
            {t('team.schedule')}
          </Link>
          {role && mayOpen('people-import', role) ? (
            <Link
              to="/people-import"
              className={smallOutlineButtonClass}
              data-testid="import-people-link"
            >
              <Upload aria-hidden className="size-3.5" />
              {t('team.importPeople')}
            </Link>
          ) : null}
          {role && mayOpen('floor', role) ? (
            <Link to="/floor" className={smallOutlineButtonClass}>
              <MapPin aria-hidden className="size-3.5" />
              {t('team.locations')}
            </Link>
          ) : null}
        </div>
      </header>
      {stats.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {t('team.statsFailed', { message: readableErrorMessage(stats.error) })}
        </p>
      ) : null}
      <TeamCards stats={stats.data} />
      <div className="grid gap-6 lg:grid-cols-2">
        <DepartmentBreakdown stats={stats.data} />
        <PerformanceMetricsCard stats={stats.data} />
      </div>
      <Card testId="team-members" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle>{t('team.members.title')}</CardTitle>
          <label className="relative w-64 max-w-full">
            <span className="sr-only">{t('team.members.search')}</span>
            <Search aria-hidden className="absolute top-3 left-3 size-4 text-slate-400" />
            <input
              type="search"
              data-testid="team-search"
              className={`${inputClass} pl-9`}
              placeholder={t('team.members.searchPlaceholder')}
              value={search}
              maxLength={200}
              onChange={(event) => changeSearch(event.target.value)}
            />
          </label>
        </div>
        <MemberTable
          loading={members.isPending}
          failed={members.isError}
          members={members.data?.members ?? []}
          search={searched}
          onClearSearch={() => changeSearch('')}
        />
        {members.data && members.data.total > members.data.pageSize ? (
          <Pager
            testId="team-pager"
            unit={t('ui.nouns.people')}
            page={members.data.page}
            pageSize={members.data.pageSize}
            total={members.data.total}
            onPage={setPage}
          />
        ) : null}
      </Card>
    </div>
  );
}

function MemberTable(props: {
  loading: boolean;
  failed: boolean;
  members: TeamMember[];
  search: string;
  onClearSearch: () => void;
}) {
  const { t } = useTranslation();
  if (props.loading) return <LoadingRow label={t('team.members.loading')} />;
  if (props.failed) {
    return <p className="text-sm text-red-600">{t('team.members.loadFailed')}</p>;
  }
  if (props.members.length === 0) {
    const searching = props.search.trim() !== '';
    return (
      <EmptyList
        testId={searching ? 'team-no-match' : 'team-empty'}
        icon={Users}
        onClear={props.onClearSearch}
        {...emptyListText({
          noun: 'teamMembers',
          search: props.search,
          title: t('team.members.empty'),
          hint: t('team.members.emptyHint'),
        })}
      />
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase dark:border-slate-800">
          <tr>
            <th className="py-2 pr-3">{t('team.members.name')}</th>
            <th className="py-2 pr-3">{t('team.members.role')}</th>
            <th className="py-2 pr-3">{t('team.members.department')}</th>
            <th className="py-2 pr-3">{t('team.members.status')}</th>
            <th className="py-2 pr-3">{t('team.members.performance')}</th>
            <th className="py-2">{t('team.members.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {props.members.map((member) => (
            <tr
              key={member.id}
              data-testid="member-row"
              data-member={member.id}
              className="border-b border-slate-100 dark:border-slate-900"
            >
              <td className="py-2 pr-3">
                {/* A bounded block: long names and emails truncate instead of widening the row,
                    so the six columns fit a desktop's card without sideways scrolling. */}
                <div className="max-w-48">
                  <p className="truncate font-medium" title={member.name}>
                    {member.name}
                  </p>
                  <p
                    className="truncate text-xs text-slate-500 dark:text-slate-400"
                    title={member.email}
                  >
                    {member.email}
                  </p>
                </div>
              </td>
              <td className="py-2 pr-3 capitalize">{t(`roles.${member.role}`)}</td>
              <td className="py-2 pr-3">{member.department}</td>
              <td className="py-2 pr-3">
                {/* One line at desktop widths: the badges side by side, never stacked. */}
                <div data-testid="member-status" className="flex flex-nowrap items-center gap-1">
                  <StatusBadge status={member.status} />
                  {member.presentToday ? (
                    <Badge tone="blue">{t('team.members.present')}</Badge>
                  ) : null}
                </div>
              </td>
              <td className="py-2 pr-3 whitespace-nowrap">
                <div className="flex items-center gap-2">
                  <div className="h-2 w-16 rounded-full bg-slate-100 dark:bg-slate-800">
                    <div
                      className="h-2 rounded-full bg-blue-600"
                      style={{ width: `${barWidth(member.performance)}%` }}
                    />
                  </div>
                  <span data-testid="member-performance" className="text-xs">
                    {formatPercent(member.performance)}
                  </span>
                </div>
              </td>
              <td className="py-2 whitespace-nowrap">
                <Link
                  to="/team/$id"
                  params={{ id: String(member.id) }}
                  data-testid={`member-${member.id}-details`}
                  className={`${smallOutlineButtonClass} whitespace-nowrap`}
                >
                  {t('team.members.details')}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
