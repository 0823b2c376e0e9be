import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTheme } from '../theme/ThemeProvider';
import { setDatePreferences } from '../ui/dates';
import { preferencesQuery } from './queries';

/**
 * Loads the signed-in user's preferences and applies them: dates (before any page renders,
 * which is why this sets them during render: the pages' formatDate calls read them) and the
 * theme. Answers whether the pages may render; a failed load falls back to the defaults.
 */
export function useAppliedPreferences(signedIn: boolean): boolean {
  const { data, isPending } = useQuery({ ...preferencesQuery, enabled: signedIn });
  if (data) setDatePreferences(data);
  const { setChoice } = useTheme();
  const theme = data?.theme;
  useEffect(() => {
    if (theme) setChoice(theme);
  }, [theme, setChoice]);
  return !signedIn || !isPending;
}
