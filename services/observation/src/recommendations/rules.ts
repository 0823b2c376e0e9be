import type {
  RecommendationAction,
  RecommendationCategory,
  RecommendationEvidence,
  RecommendationPriority,
  RecommendationRule,
  RecommendationText,
} from '@hub/proto';
import { calendarDaysUntil } from '@hub/kit';

/**
 * The recommendation rules: each a pure function from rows (fetched by the repository or asked
 * of other services) to findings. A finding names its subject, so re-running the rules updates
 * the same recommendation rather than adding another. The texts are offline templates, in
 * English; `text` and the evidence's keys say the same for a client to word in its language.
 */
export interface Finding {
  rule: RecommendationRule;
  /** What the finding is about, unique within its rule (e.g. 'certification:12'). */
  subjectKey: string;
  category: RecommendationCategory;
  priority: RecommendationPriority;
  title: string;
  description: string;
  evidence: RecommendationEvidence[];
  action: RecommendationAction;
  text: RecommendationText;
}

const DAY_MS = 86_400_000;
export const WINDOW_DAYS = 30;
/** Fewer observations than this say too little about an SOP or a question. */
export const MIN_OBSERVATIONS = 2;
/** Evidence lists stop here; the figures still count every row. */
export const MAX_EVIDENCE = 10;

const SCHEDULE_OBSERVATION: RecommendationAction = {
  label: 'Schedule an observation',
  href: '/library/observations',
};

export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const headcount = (count: number) => (count === 1 ? '1 person' : `${count} people`);
const percent = (value: number) => `${Math.round(value)}%`;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
export const editEvaluation = (documentId: number) =>
  `/library/documents/${documentId}/evaluation/edit`;

export interface ExpiringCertificationRow {
  id: number;
  userId: number;
  holderName: string;
  title: string;
  /** The SOP certified; null for a course's certification. */
  documentId: number | null;
  expiresAt: Date;
}

/**
 * Certifications expiring within 30 days whose holder has no observation under way. The count
 * and the English words are on UTC's calendar, as the date in them; the evidence gives the
 * instant of expiry, which a client dates and counts again on its reader's calendar as it shows
 * it (a count stored by a run is a day stale the next day, and a day off in Los Angeles).
 */
export function expiringCertificationsRule(
  certifications: readonly ExpiringCertificationRow[],
  scheduledUserIds: ReadonlySet<number>,
  now: Date,
): Finding[] {
  return certifications
    .filter((row) => row.expiresAt > now)
    .filter((row) => row.expiresAt.getTime() - now.getTime() <= WINDOW_DAYS * DAY_MS)
    .filter((row) => !scheduledUserIds.has(row.userId))
    .map((row) => {
      const days = calendarDaysUntil(row.expiresAt, now, 'UTC');
      return {
        rule: 'certification_expiring_unscheduled',
        subjectKey: `certification:${row.id}`,
        category: 'Safety Enhancements',
        priority: days <= 7 ? 'High' : 'Medium',
        title: `Renew ${row.holderName}'s certification "${row.title}"`,
        description: `${row.holderName}'s certification "${row.title}" expires in ${plural(days, 'day')} and no observation is scheduled. A passed observation renews it.`,
        evidence: [
          { label: 'Holder', labelKey: 'holder', value: row.holderName, href: '/certifications' },
          {
            label: 'Certification',
            labelKey: 'certification',
            value: row.title,
            href: '/certifications',
          },
          {
            label: 'Expires',
            labelKey: 'expires',
            value: isoDay(row.expiresAt),
            valueText: { key: 'date', params: { date: row.expiresAt.toISOString() } },
            href: null,
          },
        ],
        action: SCHEDULE_OBSERVATION,
        text: {
          key: 'certification_expiring_unscheduled',
          params: { holder: row.holderName, title: row.title, days },
        },
      };
    });
}

export interface ReobservationRow {
  userId: number;
  holderName: string;
  documentId: number;
  title: string;
  /** The SOP version whose safety-relevant change asked for it. */
  version: number;
  since: Date;
}

/**
 * People whose certification on an SOP waits for a re-observation after a safety-relevant
 * change: one recommendation per SOP, each person as evidence (their member page).
 */
export function reobservationRule(rows: readonly ReobservationRow[]): Finding[] {
  const bySop = new Map<number, ReobservationRow[]>();
  for (const row of rows) bySop.set(row.documentId, [...(bySop.get(row.documentId) ?? []), row]);
  return [...bySop.values()].map((people) => {
    const first = people[0]!;
    const versions = [...new Set(people.map((row) => row.version))].sort((a, b) => a - b);
    return {
      rule: 'sop_reobservation_needed',
      subjectKey: `sop:${first.documentId}`,
      category: 'Safety Enhancements',
      priority: 'High',
      title: `Observe ${headcount(people.length)} again on "${first.title}"`,
      description: `Version ${versions.join(', ')} of "${first.title}" changed a safety-relevant section: ${headcount(people.length)} certified on it must be observed again. A passed observation clears it.`,
      evidence: people.slice(0, MAX_EVIDENCE).map((row) => ({
        label: row.holderName,
        value: `Needs re-observation since version ${row.version} (${isoDay(row.since)})`,
        valueText: {
          key: 'reobservation_since',
          params: { version: row.version, date: isoDay(row.since) },
        },
        href: `/team/${row.userId}`,
      })),
      action: { label: 'Start an observation', href: '/library/observations' },
      text: {
        key: 'sop_reobservation_needed',
        params: { title: first.title, people: people.length, versions: versions.join(', ') },
      },
    };
  });
}

export interface SopResultsRow {
  documentId: number;
  title: string;
  observations: number;
  passed: number;
  averageScore: number;
  passMark: number;
}

/**
 * SOPs whose observations over the last 30 days scored below the pass mark on average: the
 * people need training on it (or the SOP needs work).
 */
export function sopPassRateRule(rows: readonly SopResultsRow[]): Finding[] {
  return rows
    .filter((row) => row.observations >= MIN_OBSERVATIONS && row.averageScore < row.passMark)
    .map((row): Finding => ({
      rule: 'sop_pass_rate_below_mark',
      subjectKey: `sop:${row.documentId}`,
      category: 'Quality Upgrades',
      priority: row.passMark - row.averageScore >= 15 ? 'High' : 'Medium',
      title: `Retrain on "${row.title}"`,
      description: `Over the last ${WINDOW_DAYS} days, observations on "${row.title}" averaged ${percent(row.averageScore)}, below the pass mark of ${percent(row.passMark)} (${row.passed} of ${plural(row.observations, 'observation')} passed). Enrol the people concerned in a course on it.`,
      evidence: [
        { label: 'SOP', labelKey: 'sop', value: row.title, href: '/library/documents' },
        {
          label: 'Average score',
          labelKey: 'average_score',
          value: percent(row.averageScore),
          valueText: { key: 'percent', params: { value: Math.round(row.averageScore) } },
          href: '/library/observations',
        },
        {
          label: 'Pass mark',
          labelKey: 'pass_mark',
          value: percent(row.passMark),
          valueText: { key: 'percent', params: { value: Math.round(row.passMark) } },
          href: null,
        },
        {
          label: 'Passed',
          labelKey: 'passed',
          value: `${row.passed} of ${row.observations}`,
          valueText: { key: 'count_of', params: { count: row.passed, total: row.observations } },
          href: null,
        },
      ],
      action: { label: 'Enrol in a course', href: '/training' },
      text: {
        key: 'sop_pass_rate_below_mark',
        params: {
          title: row.title,
          days: WINDOW_DAYS,
          average: Math.round(row.averageScore),
          passMark: Math.round(row.passMark),
          passed: row.passed,
          observations: row.observations,
        },
      },
    }));
}

export interface QuestionResultsRow {
  documentId: number;
  sopTitle: string;
  questionId: string;
  questionText: string;
  peopleObserved: number;
  peopleMissed: number;
}

/** Questions more than half of the people observed got wrong: the SOP step may be unclear. */
export function missedQuestionsRule(rows: readonly QuestionResultsRow[]): Finding[] {
  return rows
    .filter((row) => row.peopleObserved >= MIN_OBSERVATIONS)
    .filter((row) => row.peopleMissed * 2 > row.peopleObserved)
    .map((row) => ({
      rule: 'question_missed_by_most',
      subjectKey: `question:${row.documentId}:${row.questionId}`,
      category: 'Quality Upgrades',
      priority: row.peopleMissed === row.peopleObserved ? 'High' : 'Medium',
      title: `Clarify a step of "${row.sopTitle}"`,
      description: `${row.peopleMissed} of ${headcount(row.peopleObserved)} observed missed "${row.questionText}". The SOP step behind it may be unclear: review the step and the question.`,
      evidence: [
        { label: 'SOP', labelKey: 'sop', value: row.sopTitle, href: '/library/documents' },
        {
          label: 'Question',
          labelKey: 'question',
          value: row.questionText,
          href: editEvaluation(row.documentId),
        },
        {
          label: 'Missed by',
          labelKey: 'missed_by',
          value: `${row.peopleMissed} of ${row.peopleObserved} people`,
          valueText: {
            key: 'people_of',
            params: { count: row.peopleMissed, total: row.peopleObserved },
          },
          href: '/library/observations',
        },
      ],
      action: { label: 'Review the evaluation', href: editEvaluation(row.documentId) },
      text: {
        key: 'question_missed_by_most',
        params: {
          title: row.sopTitle,
          question: row.questionText,
          missed: row.peopleMissed,
          observed: row.peopleObserved,
        },
      },
    }));
}

export interface SupervisorActivityRow {
  userId: number;
  name: string;
  lastObservationAt: Date | null;
}

/** Training supervisors who observed nobody in the last 30 days. */
export function idleSupervisorsRule(
  supervisors: readonly SupervisorActivityRow[],
  now: Date,
): Finding[] {
  const since = now.getTime() - WINDOW_DAYS * DAY_MS;
  return supervisors
    .filter((row) => !row.lastObservationAt || row.lastObservationAt.getTime() < since)
    .map((row): Finding => ({
      rule: 'supervisor_without_observations',
      subjectKey: `supervisor:${row.userId}`,
      category: 'Efficiency Improvements',
      priority: row.lastObservationAt ? 'Low' : 'Medium',
      title: `Plan observations with ${row.name}`,
      description: row.lastObservationAt
        ? `${row.name} has not observed anyone for more than ${WINDOW_DAYS} days (last on ${isoDay(row.lastObservationAt)}).`
        : `${row.name} is a training supervisor and has not observed anyone yet.`,
      evidence: [
        { label: 'Supervisor', labelKey: 'supervisor', value: row.name, href: '/certifications' },
        {
          label: 'Last observation',
          labelKey: 'last_observation',
          value: row.lastObservationAt ? isoDay(row.lastObservationAt) : 'Never',
          valueText: row.lastObservationAt
            ? { key: 'date', params: { date: isoDay(row.lastObservationAt) } }
            : { key: 'never', params: {} },
          href: '/library/observations',
        },
      ],
      action: SCHEDULE_OBSERVATION,
      text: row.lastObservationAt
        ? {
            key: 'supervisor_idle',
            params: { name: row.name, days: WINDOW_DAYS, date: isoDay(row.lastObservationAt) },
          }
        : { key: 'supervisor_never_observed', params: { name: row.name } },
    }));
}
