import { ORGANIZATION_ADMINS, type TeamMemberDetail } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { isApiError } from '../api/client';
import { useRowsAfter } from '../api/paging';
import { currentUserQuery } from '../api/queries';
import { FaceReferencesCard } from '../faces/FaceReferencesCard';
import { CertificationRow } from '../certifications/CertificationRow';
import { formatPercent } from '../dashboard/format';
import { Badge } from '../ui/Badge';
import { Card, CardTitle } from '../ui/Card';
import { formatDate, formatDateTime } from '../ui/dates';
import { LoadingRow } from '../ui/ListStates';
import { LoadMore } from '../ui/LoadMore';
import { linkClass } from '../ui/styles';
import { barWidth } from './format';
import { StatusBadge } from './StatusBadge';
import { memberVideoPagesQuery, teamMemberQuery } from './queries';
import { useTranslation } from 'react-i18next';
import { readableErrorMessage } from '../api/errors';

/** /team/$id: one member's certifications, observations, courses and video appearances. */
export function MemberPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const detail = useQuery(teamMemberQuery(id));
  return (
    <div data-testid="member-page" className="mx-auto max-w-7xl space-y-6">
      <Link to="/team" className={`${linkClass} inline-flex items-center gap-1 text-sm`}>
        <ArrowLeft aria-hidden className="size-4" /> {t('team.member.back')}
      </Link>
      {detail.isPending && Number.isInteger(id) && id > 0 ? (
        <LoadingRow label={t('team.member.loading')} />
      ) : detail.data ? (
        <MemberDetail detail={detail.data} />
      ) : (
        <p role="alert" className="text-sm text-red-600">
          {isApiError(detail.error, 404) || !(id > 0)
            ? t('team.member.notFound')
            : t('team.member.loadFailed', { message: readableErrorMessage(detail.error) })}
        </p>
      )}
    </div>
  );
}

function Section({
  title,
  testId,
  empty,
  count,
  children,
}: {
  title: string;
  testId: string;
  empty: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <Card testId={testId} className="space-y-3">
      <CardTitle>
        {title} <span className="text-sm font-normal text-slate-500">({count})</span>
      </CardTitle>
      {count === 0 ? <p className="text-sm text-slate-500">{empty}</p> : children}
    </Card>
  );
}

function MemberDetail({ detail }: { detail: TeamMemberDetail }) {
  const { t } = useTranslation();
  const { member } = detail;
  // Administrators manage a member's reference photos; the server checks it again.
  const { data: me } = useQuery(currentUserQuery);
  const managesFaces = me ? ORGANIZATION_ADMINS.includes(me.role) : false;
  return (
    <>
      <header className="space-y-1">
        <h1 data-testid="member-name" className="text-2xl font-bold">
          {member.name}
        </h1>
        <p className="text-slate-500 dark:text-slate-400">
          <span className="capitalize">{t(`roles.${member.role}`)}</span> · {member.department} ·{' '}
          {member.email}
        </p>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <StatusBadge status={member.status} />
          <Badge tone={member.presentToday ? 'blue' : 'neutral'}>
            {member.presentToday ? t('team.member.presentToday') : t('team.member.notSignedIn')}
          </Badge>
          <span>
            {t('team.member.performance')}{' '}
            <strong data-testid="member-detail-performance">
              {formatPercent(member.performance)}
            </strong>
          </span>
        </div>
      </header>
      {managesFaces && <FaceReferencesCard owner={{ kind: 'member', id: member.id }} />}
      <Section
        title={t('team.member.certifications')}
        testId="member-certifications"
        empty={t('team.member.noCertifications')}
        count={detail.certifications.length}
      >
        <ul className="space-y-3">
          {detail.certifications.map((certification) => (
            <CertificationRow key={certification.id} certification={certification} />
          ))}
        </ul>
      </Section>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section
          title={t('team.member.observations')}
          testId="member-observations"
          empty={t('team.member.noObservations')}
          count={detail.observations.length}
        >
          <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-900">
            {detail.observations.map((observation) => (
              <li
                key={observation.id}
                data-testid="member-observation"
                className="flex flex-wrap items-center justify-between gap-2 py-2"
              >
                <div>
                  <Link
                    to="/observation/$id"
                    params={{ id: String(observation.id) }}
                    className={linkClass}
                  >
                    {observation.title}
                  </Link>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {t('team.member.observedBy', {
                      name: observation.observerName,
                      time: formatDateTime(observation.completedAt ?? observation.startedAt),
                    })}
                  </p>
                </div>
                {observation.status === 'in_progress' ? (
                  <Badge tone="amber">{t('team.member.inProgress')}</Badge>
                ) : (
                  <Badge tone={observation.passed ? 'green' : 'red'}>
                    {observation.passed ? t('team.member.passed') : t('team.member.notPassed')}{' '}
                    {formatPercent(observation.score)}
                  </Badge>
                )}
              </li>
            ))}
          </ul>
        </Section>
        <Section
          title={t('team.member.courses')}
          testId="member-courses"
          empty={t('team.member.noCourses')}
          count={detail.courses.length}
        >
          <ul className="space-y-3 text-sm">
            {detail.courses.map((course) => (
              <li key={course.courseId} data-testid="member-course" className="space-y-1">
                <div className="flex justify-between gap-2">
                  <span className="font-medium">{course.title}</span>
                  <span className="text-xs text-slate-500">
                    {t(`team.member.courseStatus.${course.status}`)} · {Math.round(course.progress)}
                    %
                  </span>
                </div>
                <div className="h-2 rounded-full bg-slate-100 dark:bg-slate-800">
                  <div
                    className="h-2 rounded-full bg-blue-600"
                    style={{ width: `${barWidth(course.progress)}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
        </Section>
      </div>
      <MemberVideos detail={detail} />
    </>
  );
}

/**
 * The videos the member appears in: the first page their details carry, then the next ones a
 * page at a time from its cursor once asked for ("Load more"); pages already cached show at once.
 */
function MemberVideos({ detail }: { detail: TeamMemberDetail }) {
  const { t } = useTranslation();
  const {
    rows: videos,
    hasMore,
    load,
    failed,
    loading,
  } = useRowsAfter(
    detail.videos,
    detail.videosCursor,
    memberVideoPagesQuery(detail.member.id, detail.videosCursor),
    (page) => page.videos,
  );
  return (
    <Section
      title={t('team.member.videos')}
      testId="member-videos"
      empty={t('team.member.noVideos')}
      count={detail.videoCount}
    >
      <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-900">
        {videos.map((video) => (
          <li
            key={video.videoId}
            data-testid="member-video"
            className="flex flex-wrap justify-between gap-2 py-2"
          >
            <Link to="/library/videos" className={linkClass}>
              {video.title}
            </Link>
            <span className="text-xs text-slate-500 dark:text-slate-400">
              {t('team.member.seen', {
                date: formatDate(video.recordedAt),
                seconds: Math.round(video.secondsSeen),
                from: Math.round(video.firstSeenAt),
              })}
            </span>
          </li>
        ))}
      </ul>
      {failed && (
        <p role="alert" className="text-sm text-red-600">
          {t('team.member.moreVideosFailed')}
        </p>
      )}
      <LoadMore
        noun="videos"
        shown={videos.length}
        total={detail.videoCount}
        hasMore={hasMore}
        loading={loading}
        onLoadMore={load}
      />
    </Section>
  );
}
