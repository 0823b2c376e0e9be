import { api } from '../api/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../api/client';
import type { ThemeChoice } from '../theme/theme';
import { useTheme } from '../theme/ThemeProvider';
import { preferencesQuery } from './queries';

/**
 * A theme picked from the user menu applies at once and is stored with the user's other
 * preferences, so the server's copy (applied at every load) never undoes it.
 */
export function useSaveTheme(): (theme: ThemeChoice) => void {
  const queryClient = useQueryClient();
  const { setChoice } = useTheme();
  return useCallback(
    (theme: ThemeChoice) => {
      setChoice(theme);
      const saved = queryClient.getQueryData(preferencesQuery.queryKey);
      if (!saved || saved.theme === theme) return;
      void call(api.updateUserPreferences, { body: { ...saved, theme } })
        .then((preferences) => queryClient.setQueryData(preferencesQuery.queryKey, preferences))
        .catch(() => {
          // Kept for this device only; the next load shows the stored theme again.
        });
    },
    [queryClient, setChoice],
  );
}
