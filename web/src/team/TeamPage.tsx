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
import { barWidth, matchesMember, roleLabel } from './format';
import { teamMembersQuery, teamStatsQuery } from './queries';
import { TeamCards } from './TeamCards';
import { DepartmentBreakdown, PerformanceMetricsCard } from './TeamBreakdown';

/** /team: the organization's people and their figures, each from their own records. */
export function TeamPage() {
  const role = useQuery(currentUserQuery).data?.role;
  const stats = useQuery(teamStatsQuery);
  const members = useQuery(teamMembersQuery);
  const [search, setSearch] = useState('');
  const shown = (members.data ?? []).filter((member) => matchesMember(member, search));

  return (
    <div data-testid="team-page" className="mx-auto max-w-7xl space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Team Overview</h1>
          <p className="text-slate-500 dark:text-slate-400">
            Monitor and manage your team's performance
          </p>
        </div>
        <div className="flex gap-2">
          {/* The spec shows these buttons without behaviour: they lead to the related pages. */}
          <Link to="/training" className={smallOutlineButtonClass}>
            <CalendarDays aria-hidden className="size-3.5" />
            Schedule
          </Link>
          {role && mayOpen('people-import', role) ? (
            <Link
              to="/people-import"
              className={smallOutlineButtonClass}
              data-testid="import-people-link"
            >
              <Upload aria-hidden className="size-3.5" />
              Import people
            </Link>
          ) : null}
          {role && mayOpen('floor', role) ? (
            <Link to="/floor" className={smallOutlineButtonClass}>
              <MapPin aria-hidden className="size-3.5" />
              Locations
            </Link>
          ) : null}
        </div>
      </header>
      {stats.isError ? (
        <p role="alert" className="text-sm text-red-600">
          The team figures could not be loaded: {stats.error.message}
        </p>
      ) : null}
      <TeamCards stats={stats.data} />
      <div className="grid gap-6 lg:grid-cols-2">
        <DepartmentBreakdown stats={stats.data} />
        <PerformanceMetricsCard stats={stats.data} />
      </div>
      <Card testId="team-members" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle>Team Members</CardTitle>
          <label className="relative w-64">
            <span className="sr-only">Search team members</span>
            <Search aria-hidden className="absolute top-3 left-3 size-4 text-slate-400" />
            <input
              type="search"
              data-testid="team-search"
              className={`${inputClass} pl-9`}
              placeholder="Search name, email, role"
              value={search}
              maxLength={200}
              onChange={(event) => setSearch(event.target.value)}
            />
          </label>
        </div>
        <MemberTable
          loading={members.isPending}
          failed={members.isError}
          members={shown}
          search={search}
          onClearSearch={() => setSearch('')}
        />
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
  if (props.loading) return <LoadingRow label="Loading team members..." />;
  if (props.failed) return <p className="text-sm text-red-600">Failed to load team members</p>;
  if (props.members.length === 0) {
    const searching = props.search.trim() !== '';
    return (
      <EmptyList
        testId={searching ? 'team-no-match' : 'team-empty'}
        icon={Users}
        onClear={props.onClearSearch}
        {...emptyListText({
          noun: 'team members',
          search: props.search,
          title: 'No team members found. Add team members to see them here.',
          hint: 'People are added by an administrator from the console or by invitation.',
        })}
      />
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase dark:border-slate-800">
          <tr>
            <th className="py-2 pr-3">Name</th>
            <th className="py-2 pr-3">Role</th>
            <th className="py-2 pr-3">Department</th>
            <th className="py-2 pr-3">Status</th>
            <th className="py-2 pr-3">Performance</th>
            <th className="py-2">Actions</th>
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
                {/* A bounded block: long names and emails truncate instead of widening the row. */}
                <div className="max-w-64">
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
              <td className="py-2 pr-3 whitespace-nowrap capitalize">{roleLabel(member.role)}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{member.department}</td>
              <td className="py-2 pr-3">
                {/* One line at desktop widths: the badges side by side, never stacked. */}
                <div data-testid="member-status" className="flex flex-nowrap items-center gap-1">
                  <Badge tone={member.status === 'active' ? 'green' : 'neutral'}>
                    {member.status}
                  </Badge>
                  {member.presentToday ? <Badge tone="blue">present</Badge> : null}
                </div>
              </td>
              <td className="py-2 pr-3 whitespace-nowrap">
                <div className="flex items-center gap-2">
                  <div className="h-2 w-24 rounded-full bg-slate-100 dark:bg-slate-800">
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
                  View Details
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
