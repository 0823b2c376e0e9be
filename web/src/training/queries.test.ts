import type { Course, CoursePage } from '@hub/proto';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { certificationsQuery } from '../certifications/queries';
import { mySopsQuery } from '../my-sops/queries';
import { afterCourseChange, coursesQuery } from './queries';

const course = { id: 3, title: 'Kitchen basics', status: 'in_progress' } as Course;

/** A client holding what the training and certifications pages showed before a change. */
function loadedClient() {
  const client = new QueryClient();
  const page: CoursePage = {
    courses: [{ ...course, status: 'not_started' }],
    totalCount: 1,
    nextCursor: null,
  };
  client.setQueryData(coursesQuery.queryKey, { pages: [page], pageParams: [undefined] });
  client.setQueryData(mySopsQuery.queryKey, { sops: [] });
  client.setQueryData(certificationsQuery(undefined).queryKey, {
    certifications: [],
    totalCount: 0,
    nextCursor: null,
    summary: { active: 0, completedThisMonth: 0, expiringSoon: 0, overdue: 0, revoked: 0 },
    categories: [],
  });
  return client;
}

const invalidated = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated;

describe('a course started, edited or deleted', () => {
  it('reloads My SOPs and the certifications, which never go stale by themselves', async () => {
    const client = loadedClient();
    await afterCourseChange(client, course);
    // Its SOPs are the learner's now, and a course already passed certifies at once.
    expect(invalidated(client, mySopsQuery.queryKey)).toBe(true);
    expect(invalidated(client, certificationsQuery(undefined).queryKey)).toBe(true);
    const [page] = client.getQueryData(coursesQuery.queryKey)!.pages;
    expect(page!.courses[0]!.status).toBe('in_progress');
  });
});
