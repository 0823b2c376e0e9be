import type { ActivityEvent, RecentActivity, WorkEvent, WorkEventText } from '@hub/proto';
import type { TFunction } from 'i18next';
import { formatDate, formatPercent } from '../i18n/format';

/** Percentages and relative times are the formatting module's (i18n/format.ts). */
export { formatPercent, formatRelativeTime } from '../i18n/format';

/** A person's sign-ins of one day, one line: 'Signed in 3 times · Password'. */
export function signInText(
  event: { method: 'password' | 'saml'; signInsThatDay: number },
  t: TFunction,
): string {
  return t('hub.signedIn', {
    count: event.signInsThatDay,
    method: t(`hub.signInMethods.${event.method}`),
  });
}

/** A work event's two lines, in the reader's language. */
export interface WorkLineText {
  title: string;
  detail: string;
}

/**
 * A work event as the reader reads it, from its code and parts (the server's English title and
 * detail are for API clients). Dates go through formatDate: the user's zone and date format.
 */
export function workText(text: WorkEventText, t: TFunction): WorkLineText {
  switch (text.key) {
    case 'observationCompleted':
      return observationText(text.params, t);
    case 'certificationIssued':
      return {
        title: t('hub.work.certificationIssued', text.params),
        detail: t('hub.work.certificationIssuedDetail'),
      };
    case 'certificationExpiring':
      return {
        title: t('hub.work.certificationExpiring', text.params),
        detail: t('hub.work.certificationExpiringDetail', {
          date: formatDate(text.params.expiresAt),
        }),
      };
    case 'documentProcessed':
      return documentText(text.params, t);
    case 'videoAnalysed':
      return {
        title: t('hub.work.videoAnalysed', { title: text.params.title }),
        detail: t('hub.work.videoIdentified', {
          count: text.params.detected,
          identified: text.params.identified,
        }),
      };
  }
}

type ParamsOf<K extends WorkEventText['key']> = Extract<WorkEventText, { key: K }>['params'];

function observationText(params: ParamsOf<'observationCompleted'>, t: TFunction): WorkLineText {
  const { person, subject, observer } = params;
  return {
    title: params.passed
      ? t('hub.work.observationPassed', { person, subject })
      : t('hub.work.observationNotPassed', { person, subject }),
    detail: t('hub.work.observationDetail', { score: formatPercent(params.score), observer }),
  };
}

function documentText(
  { title, images }: ParamsOf<'documentProcessed'>,
  t: TFunction,
): WorkLineText {
  return {
    title: t('hub.work.documentProcessed', { title }),
    detail:
      images > 0
        ? t('hub.work.documentReadyWithImages', { count: images })
        : t('hub.work.documentReady'),
  };
}

export type ActivityLine =
  | { kind: 'sign_in'; key: string; at: string; event: ActivityEvent }
  | { kind: 'work'; key: string; at: string; event: WorkEvent };

/** Sign-ins and work merged newest first, at most `limit` lines. */
export function activityLines(activity: RecentActivity, limit: number): ActivityLine[] {
  const lines: ActivityLine[] = [
    ...activity.events.map((event) => ({
      kind: 'sign_in' as const,
      key: `sign_in:${event.id}`,
      at: event.occurredAt,
      event,
    })),
    ...activity.work.map((event) => ({
      kind: 'work' as const,
      key: event.id,
      at: event.occurredAt,
      event,
    })),
  ];
  return lines
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || a.key.localeCompare(b.key))
    .slice(0, limit);
}
