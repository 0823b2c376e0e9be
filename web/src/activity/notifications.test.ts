import type { Notification } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import {
  markedRead,
  markedReadUpTo,
  newestShown,
  PREFERENCES,
  settingChange,
  summaryRows,
  unreadCount,
} from './notifications';

const note = (id: number, read: boolean): Notification => ({
  id,
  type: 'info',
  title: `N${id}`,
  message: '',
  read,
  timestamp: '2025-01-01T00:00:00Z',
});

describe('notifications', () => {
  it('counts and marks unread ones', () => {
    const list = [note(1, false), note(2, false), note(3, true)];
    expect(unreadCount(list)).toBe(2);
    expect(unreadCount(markedRead(list, 1))).toBe(1);
    expect(unreadCount(markedRead(list))).toBe(0);
  });

  it('marks all up to the newest shown, not one that arrived after it', () => {
    const pages = [{ notifications: [note(9, false), note(7, false)] }, { notifications: [] }];
    expect(newestShown(pages)).toBe(9);
    expect(newestShown(undefined)).toBeUndefined();
    expect(newestShown([{ notifications: [] }])).toBeUndefined();
    const refreshed = [note(10, false), note(9, false), note(7, true)];
    expect(markedReadUpTo(refreshed, 9).map((n) => n.read)).toEqual([false, true, true]);
    expect(unreadCount(markedReadUpTo(refreshed, undefined))).toBe(0);
  });

  it('sends only the changed flag', () => {
    expect(settingChange('systemUpdates', true)).toEqual({ systemUpdates: true });
  });

  it('has a switch for each of the five flags', () => {
    expect(PREFERENCES).toEqual([
      'emailNotifications',
      'pushNotifications',
      'systemUpdates',
      'activitySummary',
      'marketingEmails',
    ]);
  });
});

describe('activity summary', () => {
  it('labels each counter with what it counts (no "Actions completed" made of read notifications)', () => {
    const rows = summaryRows({ notificationsThisWeek: 3, actionsCompleted: 2, pendingItems: 1 });
    expect(rows.map((row) => [row.label, row.value])).toEqual([
      ['Notifications this week', 3],
      ['Notifications read', 2],
      ['Pending items', 1],
    ]);
  });
});
