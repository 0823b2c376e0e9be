import { PROGRESS_PEOPLE } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardTitle } from '../ui/Card';
import { formatDate } from '../ui/dates';
import { currentUserQuery } from '../api/queries';
import { linkClass } from '../ui/styles';
import { platformWide } from './format';
import { axisProps, CHART_COLOURS, ChartCard, tooltipProps } from './charts';
import { cellClass, InsightTable, rowClass } from './InsightTable';
import { progressInsightsQuery } from './queries';

/** /insights/progress: course progress by course and by person. */
export function ProgressInsightsPage() {
  const { data, isError, error } = useQuery(progressInsightsQuery);
  const links = !platformWide(useQuery(currentUserQuery).data?.role);
  return (
    <div data-testid="progress-insights-page" className="mx-auto max-w-7xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold">Progress</h1>
        <p className="text-slate-500 dark:text-slate-400">
          Course progress: the share of a course's SOPs each enrolled person has passed in an
          observation.
        </p>
      </header>
      {isError ? (
        <p role="alert" className="text-sm text-red-600">
          The progress could not be loaded: {error.message}
        </p>
      ) : null}
      <ChartCard
        title="By course"
        testId="progress-by-course-chart"
        loading={data === undefined}
        empty={data?.courses.length === 0}
        emptyText="No courses yet"
      >
        <BarChart data={data?.courses}>
          <CartesianGrid stroke={CHART_COLOURS.grid} />
          <XAxis dataKey="title" {...axisProps} />
          <YAxis allowDecimals={false} {...axisProps} />
          <Tooltip {...tooltipProps} />
          <Legend />
          <Bar dataKey="completed" name="Completed" stackId="people" fill={CHART_COLOURS.green} />
          <Bar dataKey="inProgress" name="In progress" stackId="people" fill={CHART_COLOURS.blue} />
        </BarChart>
      </ChartCard>
      {data ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <Card testId="progress-by-course" className="space-y-3">
            <CardTitle>Courses</CardTitle>
            <InsightTable headings={['Course', 'Due', 'Completed', 'Mean progress']}>
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
                    {course.completed} of {course.enrolled}
                  </td>
                  <td className={cellClass}>
                    {course.averageProgress === null ? '—' : `${course.averageProgress}%`}
                  </td>
                </tr>
              ))}
            </InsightTable>
          </Card>
          <Card testId="progress-by-person" className="space-y-3">
            <CardTitle>People</CardTitle>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              Furthest behind first
              {data.totalPeople > PROGRESS_PEOPLE
                ? ` · ${data.people.length} of ${data.totalPeople} enrolled people`
                : ''}
            </p>
            {data.people.length === 0 ? (
              <p className="text-sm text-slate-500 dark:text-slate-400">Nobody is enrolled yet</p>
            ) : (
              <InsightTable headings={['Person', 'Courses', 'Mean progress']}>
                {data.people.map((person) => (
                  <tr key={person.userId} data-testid="progress-person" className={rowClass}>
                    <td className={cellClass}>
                      {links ? (
                        <Link
                          to="/team/$id"
                          params={{ id: String(person.userId) }}
                          className={linkClass}
                        >
                          {person.name}
                        </Link>
                      ) : (
                        <span className="font-medium">{person.name}</span>
                      )}
                      <p className="text-xs text-slate-500 dark:text-slate-400">
                        {person.enrolments.map((e) => `${e.title} ${e.progress}%`).join(' · ')}
                      </p>
                    </td>
                    <td className={cellClass}>
                      {person.completed} of {person.courses} completed
                    </td>
                    <td className={cellClass}>{person.averageProgress}%</td>
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
