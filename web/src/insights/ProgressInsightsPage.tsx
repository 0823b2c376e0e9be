import { PROGRESS_PEOPLE } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardTitle } from '../ui/Card';
import { formatDate } from '../ui/dates';
import { formatPercent } from '../i18n/format';
import { currentUserQuery } from '../api/queries';
import { linkClass } from '../ui/styles';
import { platformWide } from './format';
import { axisProps, CHART_COLOURS, ChartCard, tooltipProps } from './charts';
import { cellClass, InsightTable, rowClass } from './InsightTable';
import { progressInsightsQuery } from './queries';
import { useTranslation } from 'react-i18next';
import { readableErrorMessage } from '../api/errors';

/** /insights/progress: course progress by course and by person. */
export function ProgressInsightsPage() {
  const { t } = useTranslation();
  const { data, isError, error } = useQuery(progressInsightsQuery);
  const links = !platformWide(useQuery(currentUserQuery).data?.role);
  return (
    <div data-testid="progress-insights-page" className="mx-auto max-w-7xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold">{t('insights.progress.title')}</h1>
        <p className="text-slate-500 dark:text-slate-400">{t('insights.progress.subtitle')}</p>
      </header>
      {isError ? (
        <p role="alert" className="text-sm text-red-600">
          {t('insights.progress.loadFailed', { message: readableErrorMessage(error) })}
        </p>
      ) : null}
      <ChartCard
        title={t('insights.progress.byCourse')}
        testId="progress-by-course-chart"
        loading={data === undefined}
        empty={data?.courses.length === 0}
        emptyText={t('insights.progress.noCourses')}
      >
        <BarChart data={data?.courses}>
          <CartesianGrid stroke={CHART_COLOURS.grid} />
          <XAxis dataKey="title" {...axisProps} />
          <YAxis allowDecimals={false} {...axisProps} />
          <Tooltip {...tooltipProps} />
          <Legend />
          <Bar
            dataKey="completed"
            name={t('insights.progress.completed')}
            stackId="people"
            fill={CHART_COLOURS.green}
          />
          <Bar
            dataKey="inProgress"
            name={t('insights.progress.inProgress')}
            stackId="people"
            fill={CHART_COLOURS.blue}
          />
        </BarChart>
      </ChartCard>
      {data ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <Card testId="progress-by-course" className="space-y-3">
            <CardTitle>{t('insights.progress.courses')}</CardTitle>
            <InsightTable
              headings={[
                t('insights.progress.course'),
                t('insights.progress.due'),
                t('insights.progress.completed'),
                t('insights.progress.meanProgress'),
              ]}
            >
              {data.courses.map((course) => (
                <tr key={course.courseId} data-testid="progress-course" className={rowClass}>
                  <td className={cellClass}>
                    {links ? (
                      <Link to="/training" className={linkClass}>
                        {course.title}
                      </Link>
                    ) : (
                      course.title
                    )}
                  </td>
                  <td className={cellClass}>{course.dueDate ? formatDate(course.dueDate) : '—'}</td>
                  <td className={cellClass}>
                    {t('insights.progress.completedOf', {
                      completed: course.completed,
                      total: course.enrolled,
                    })}
                  </td>
                  <td className={cellClass}>
                    {course.averageProgress === null ? '—' : formatPercent(course.averageProgress)}
                  </td>
                </tr>
              ))}
            </InsightTable>
          </Card>
          <Card testId="progress-by-person" className="space-y-3">
            <CardTitle>{t('insights.progress.people')}</CardTitle>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {t('insights.progress.furthestBehind')}
              {data.totalPeople > PROGRESS_PEOPLE
                ? t('insights.progress.someOf', {
                    shown: data.people.length,
                    total: data.totalPeople,
                  })
                : ''}
            </p>
            {data.people.length === 0 ? (
              <p className="text-sm text-slate-500 dark:text-slate-400">
                {t('insights.progress.nobody')}
              </p>
            ) : (
              <InsightTable
                headings={[
                  t('insights.progress.person'),
                  t('insights.progress.courses'),
                  t('insights.progress.meanProgress'),
                ]}
              >
                {data.people.map((person) => (
                  <tr key={person.userId} data-testid="progress-person" className={rowClass}>
                    <td className={cellClass}>
                      {/* A deleted member has no name and no page left to open. */}
                      {links && person.name !== null ? (
                        <Link
                          to="/team/$id"
                          params={{ id: String(person.userId) }}
                          className={linkClass}
                        >
                          {person.name}
                        </Link>
                      ) : (
                        <span className="font-medium">
                          {person.name ?? t('insights.progress.formerMember')}
                        </span>
                      )}
                      <p className="text-xs text-slate-500 dark:text-slate-400">
                        {person.enrolments
                          .map((e) => `${e.title} ${formatPercent(e.progress)}`)
                          .join(' · ')}
                      </p>
                    </td>
                    <td className={cellClass}>
                      {t('insights.progress.coursesCompleted', {
                        count: person.courses,
                        completed: person.completed,
                        total: person.courses,
                      })}
                    </td>
                    <td className={cellClass}>{formatPercent(person.averageProgress)}</td>
                  </tr>
                ))}
              </InsightTable>
            )}
          </Card>
        </div>
      ) : null}
    </div>
  );
}
