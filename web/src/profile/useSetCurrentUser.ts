import type { User } from '@hub/proto';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { currentUserQuery } from '../api/queries';
import { refreshQueries } from '../api/refresh';

/** Puts a changed user into the current-user query, so the shell's avatar and name follow. */
export function useSetCurrentUser(): (user: User) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (user: User) => {
      queryClient.setQueryData(currentUserQuery.queryKey, user);
      await refreshQueries(queryClient, currentUserQuery.queryKey);
    },
    [queryClient],
  );
}
