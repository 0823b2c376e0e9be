import type { ActivityEvent, RecentActivity, WorkEvent } from '@hub/proto';

/** A null figure has no data behind it yet; it must never be shown as 0%. */
export function formatPercent(value: number | null): string {
  if (value === null) return 'No data yet';
  return `${Math.round(value * 10) / 10}%`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** '2024-05-01T10:00:00Z' relative to now: 'just now', '5 minutes ago', 'yesterday', ... */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return '';
  const seconds = Math.round((then.getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 60) return 'just now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

export const SIGN_IN_METHOD_LABELS = { password: 'Password', saml: 'SSO SAML' } as const;

/** A person's sign-ins of one day, one line: 'Signed in 3 times · Password'. */
export function signInText(event: {
  method: keyof typeof SIGN_IN_METHOD_LABELS;
  signInsThatDay: number;
}): string {
  const times = event.signInsThatDay > 1 ? ` ${event.signInsThatDay} times` : '';
  return `Signed in${times} · ${SIGN_IN_METHOD_LABELS[event.method]}`;
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
