import {
  type InsightsActivity,
  type InsightsActivityText,
  percentOf,
  type UpcomingGoal,
} from '@hub/proto';
import type { ActivityRow, DueCourseRow, ExpiringCertificationRow } from './reports.repository.js';

/**
 * The lines of Insights' Recent Activity and Upcoming Goals. Each carries `text`, a code of the
 * web app's catalog and its parts, which the web app words in its reader's language; the English
 * title and detail stay for API clients and logs (the Hub's work events do the same).
 */

type Words = Pick<InsightsActivity, 'title' | 'detail'>;

/** The English words of an activity line, from the same parts the web app words. */
function englishActivity(text: InsightsActivityText): Words {
  switch (text.key) {
    case 'observationCompleted': {
      const { person, subject, passed, score, observer } = text.params;
      return {
        title: `${person} ${passed ? 'passed' : 'did not pass'} "${subject}"`,
        detail: `Score ${score}%, observed by ${observer}`,
      };
    }
    case 'observationStarted': {
      const { person, subject, observer } = text.params;
      return {
        title: `Observation of ${person} started`,
        detail: `"${subject}", observed by ${observer}`,
      };
    }
    case 'findingRecorded': {
      const { severity, category, subject, person } = text.params;
      return {
        title: `Finding recorded: ${severity} ${category}`,
        detail: `"${subject}", ${person}`,
      };
    }
    case 'courseCompleted':
      return {
        title: `${text.params.person ?? 'Someone'} completed "${text.params.course}"`,
        detail: 'Course',
      };
    case 'courseEnrolled':
      return {
        title: `${text.params.person ?? 'Someone'} started "${text.params.course}"`,
        detail: 'Course',
      };
  }
}

type Said = Pick<InsightsActivity, 'text' | 'link'>;

/** What an activity row says and the page it links to. */
function activityText(row: ActivityRow, userName: string | null): Said {
  switch (row.kind) {
    case 'observation_completed': {
      const { person, subject, passed, other: observer } = row;
      const params = { person, subject, passed, score: Number(row.score), observer };
      return {
        text: { key: 'observationCompleted', params },
        link: `/observation/${row.observation_id}`,
      };
    }
    case 'observation_started': {
      const params = { person: row.person, subject: row.subject, observer: row.other };
      return {
        text: { key: 'observationStarted', params },
        link: `/observation/${row.observation_id}`,
      };
    }
    case 'finding_recorded': {
      const { severity, category, subject, person } = row;
      const params = { severity, category, subject, person };
      return {
        text: { key: 'findingRecorded', params },
        link: `/observation/${row.observation_id}`,
      };
    }
    case 'course_completed':
      return {
        text: { key: 'courseCompleted', params: { person: userName, course: row.subject } },
        link: '/training',
      };
    case 'course_enrolled':
      return {
        text: { key: 'courseEnrolled', params: { person: userName, course: row.subject } },
        link: '/training',
      };
  }
}

/** An activity line; `userName` is a course's person by identity, null when it has none. */
export function describeActivity(row: ActivityRow, userName: string | null): InsightsActivity {
  const { text, link } = activityText(row, userName);
  return {
    id: `${row.kind}:${row.ref_id}`,
    kind: row.kind,
    ...englishActivity(text),
    text,
    occurredAt: row.occurred_at.toISOString(),
    link,
  };
}

export function courseGoal(course: DueCourseRow): UpcomingGoal {
  const { title, enrolled, completed } = course;
  return {
    id: `course_due:${course.id}`,
    kind: 'course_due',
    title: `Complete "${title}"`,
    detail:
      enrolled === 0 ? 'Nobody is enrolled yet' : `${completed} of ${enrolled} enrolled completed`,
    text: { key: 'courseDue', params: { course: title, enrolled, completed } },
    dueAt: course.due_day,
    progress: percentOf(completed, enrolled),
    link: '/insights/progress',
  };
}

export function certificationGoal(certification: ExpiringCertificationRow): UpcomingGoal {
  const { holder_name: holder, title } = certification;
  return {
    id: `certification_expiring:${certification.id}`,
    kind: 'certification_expiring',
    title: `Renew "${title}"`,
    detail: `${holder}'s certification expires`,
    text: { key: 'certificationExpiring', params: { holder, title } },
    dueAt: certification.expires_at.toISOString(),
    progress: null,
    link: '/insights/certifications?state=expiring_soon',
  };
}
