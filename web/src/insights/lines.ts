import type { InsightsActivityText, UpcomingGoalText } from '@hub/proto';
import { formatNumber, formatPercent } from '../i18n/format';
import { i18n } from '../i18n/i18n';

/** A line of Recent Activity or Upcoming Goals, in the reader's language. */
export interface LineWords {
  title: string;
  detail: string;
}

/**
 * An activity line as its reader reads it, from its code and parts (the server's English title
 * and detail are for API clients), as the Hub's work lines are (dashboard/format.ts).
 */
export function activityWords(text: InsightsActivityText): LineWords {
  switch (text.key) {
    case 'observationCompleted': {
      const { person, subject, observer } = text.params;
      return {
        title: text.params.passed
          ? i18n.t('insights.activity.observationPassed', { person, subject })
          : i18n.t('insights.activity.observationNotPassed', { person, subject }),
        detail: i18n.t('insights.activity.observationCompletedDetail', {
          score: formatPercent(text.params.score),
          observer,
        }),
      };
    }
    case 'observationStarted': {
      const { person, subject, observer } = text.params;
      return {
        title: i18n.t('insights.activity.observationStarted', { person }),
        detail: i18n.t('insights.activity.observationStartedDetail', { subject, observer }),
      };
    }
    case 'findingRecorded': {
      const { severity, category, subject, person } = text.params;
      return {
        title: i18n.t('insights.activity.findingRecorded', {
          severity: i18n.t(`insights.activity.severities.${severity}`),
          category: i18n.t(`insights.activity.categories.${category}`),
        }),
        detail: i18n.t('insights.activity.findingRecordedDetail', { subject, person }),
      };
    }
    case 'courseCompleted':
    case 'courseEnrolled': {
      const person = text.params.person ?? i18n.t('insights.activity.someone');
      const { course } = text.params;
      return {
        title:
          text.key === 'courseCompleted'
            ? i18n.t('insights.activity.courseCompleted', { person, course })
            : i18n.t('insights.activity.courseEnrolled', { person, course }),
        detail: i18n.t('insights.activity.courseDetail'),
      };
    }
  }
}

/** A goal as its reader reads it; its date is the goal's dueAt, shown beside it. */
export function goalWords(text: UpcomingGoalText): LineWords {
  switch (text.key) {
    case 'courseDue': {
      const { course, enrolled, completed } = text.params;
      return {
        title: i18n.t('insights.goals.courseDue', { course }),
        detail:
          enrolled === 0
            ? i18n.t('insights.goals.nobodyEnrolled')
            : i18n.t('insights.goals.courseDueDetail', {
                count: completed,
                completed: formatNumber(completed),
                enrolled: formatNumber(enrolled),
              }),
      };
    }
    case 'certificationExpiring': {
      const { holder, title } = text.params;
      return {
        title: i18n.t('insights.goals.certificationExpiring', { title }),
        detail: i18n.t('insights.goals.certificationExpiringDetail', { holder }),
      };
    }
  }
}
