import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { activityLines, formatPercent, formatRelativeTime, signInText } from './format';

describe('formatPercent', () => {
  it('never turns a missing figure into 0%', () => {
    expect(formatPercent(null)).toBe('No data yet');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(87.25)).toBe('87.3%');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2025-01-10T12:00:00Z');
  it('describes how long ago a sign-in was', () => {
    expect(formatRelativeTime('2025-01-10T11:59:30Z', now)).toBe('just now');
    expect(formatRelativeTime('2025-01-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2025-01-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2025-01-09T12:00:00Z', now)).toBe('yesterday');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});

describe('recent sign-ins', () => {
  it("collapse a person's day into one line with its count", () => {
    const t = i18n.getFixedT('en');
    expect(signInText({ method: 'password', signInsThatDay: 1 }, t)).toBe('Signed in · Password');
    expect(signInText({ method: 'saml', signInsThatDay: 3 }, t)).toBe(
      'Signed in 3 times · SSO SAML',
    );
  });
});

describe('recent activity', () => {
  it('merges sign-ins and work newest first, up to the limit', () => {
    const signIn = (id: number, at: string) => ({
      id,
      kind: 'sign_in' as const,
      userId: id,
      userName: `P${id}`,
      userEmail: `p${id}@x.test`,
      method: 'password' as const,
      occurredAt: at,
      signInsThatDay: 1,
    });
    const lines = activityLines(
      {
        events: [signIn(1, '2026-11-25T10:00:00Z'), signIn(2, '2026-11-25T08:00:00Z')],
        work: [
          {
            id: 'observation_completed:4',
            kind: 'observation_completed',
            title: 'Otto passed "Cooling"',
            detail: 'Observation completed: 100%, observed by Tess',
            text: {
              key: 'observationCompleted',
              params: {
                person: 'Otto',
                subject: 'Cooling',
                passed: true,
                score: 100,
                observer: 'Tess',
              },
            },
            occurredAt: '2026-11-25T09:00:00Z',
          },
        ],
      },
      2,
    );
    expect(lines.map((line) => line.key)).toEqual(['sign_in:1', 'observation_completed:4']);
  });
});
