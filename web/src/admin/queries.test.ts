import type { User, UserPage } from '@hub/proto';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/queryClient';
import { adminUsersQuery, refreshAdminData } from './queries';

const user: User = {
  id: 41,
  email: 'ada@deleted.test',
  name: 'Ada',
  role: 'admin',
  organizationId: 3,
  organizationName: 'Deleted Test',
  profilePicture: null,
  auth0UserId: null,
  isActive: true,
  lastLogin: null,
  createdAt: '2026-12-07T10:00:00.000Z',
};

const usersPage = (users: User[]): UserPage => ({
  users,
  totalCount: users.length,
  nextCursor: null,
  activeCount: users.length,
});

/** Answers each request for the users with the next of `answers`, once the test releases it. */
function holdUserAnswers(answers: UserPage[]) {
  const releases: (() => void)[] = [];
  const asked = vi.fn(
    () =>
      new Promise<Response>((resolve) => {
        const answer = answers[releases.length] ?? answers.at(-1);
        releases.push(() =>
          resolve(
            new Response(JSON.stringify(answer), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            }),
          ),
        );
      }),
  );
  vi.stubGlobal('fetch', asked);
  return { asked, release: (index: number) => releases[index]?.() };
}

const settled = (client: QueryClient) => vi.waitFor(() => expect(client.isFetching()).toBe(0));

afterEach(() => vi.unstubAllGlobals());

describe('refreshAdminData', () => {
  it('asks a search again whose first answer was read before the user was deleted', async () => {
    const client = createQueryClient();
    const { asked, release } = holdUserAnswers([usersPage([user]), usersPage([])]);
    // The search typed while the deletion was on its way: its first answer still holds the user.
    const search = new QueryObserver(client, adminUsersQuery('deleted.test'));
    const unsubscribe = search.subscribe(() => undefined);
    await vi.waitFor(() => expect(asked).toHaveBeenCalledTimes(1), { timeout: 5000 });

    const refreshed = refreshAdminData(client);
    release(0);
    await vi.waitFor(() => expect(asked).toHaveBeenCalledTimes(2), { timeout: 5000 });
    release(1);
    await refreshed;
    await settled(client);

    expect(search.getCurrentResult().data?.users).toEqual([]);
    unsubscribe();
  });

  it('leaves a first fetch nobody shows to end: whoever awaits it gets its answer', async () => {
    const client = createQueryClient();
    const { asked, release } = holdUserAnswers([usersPage([user])]);
    const fetched = client.fetchQuery(adminUsersQuery('deleted.test'));
    await vi.waitFor(() => expect(asked).toHaveBeenCalledTimes(1), { timeout: 5000 });

    const refreshed = refreshAdminData(client);
    release(0);
    await refreshed;

    expect((await fetched).users).toEqual([user]);
    expect(asked).toHaveBeenCalledTimes(1);
  });
});
