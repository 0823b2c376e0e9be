import type { ActivityEvent, RecentActivity, WorkEvent } from '@hub/proto';
import type { TFunction } from 'i18next';

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
